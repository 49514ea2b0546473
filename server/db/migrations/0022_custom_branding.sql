-- Plans gained the custom_branding flag (common/plans.ts PlanPermissions). Organizations hold a
-- copy of their plan's permissions taken before the flag existed: each gets its plan's default
-- (true on agency and admin, false elsewhere). A copy that already names the flag is left alone.
UPDATE "organizations"
SET "permissions" = "permissions" || jsonb_build_object('custom_branding', "plan" IN ('agency', 'admin'))
WHERE NOT ("permissions" ? 'custom_branding');
