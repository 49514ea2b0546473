-- Plans gained the max_alerts_per_project limit (common/plans.ts PlanPermissions; issue 27, the
-- Agency plan's "multiple alerts"). Organizations hold a copy of their plan's permissions taken
-- before the limit existed: each gets its plan's default (admin unlimited, agency 5, one
-- elsewhere). A copy that already names the limit (an operator's exception) is left alone.
UPDATE "organizations"
SET "permissions" = "permissions" || jsonb_build_object(
  'max_alerts_per_project',
  CASE "plan" WHEN 'admin' THEN 100000 WHEN 'agency' THEN 5 ELSE 1 END
)
WHERE NOT ("permissions" ? 'max_alerts_per_project');
