import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyPluginOptions,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { ACTIONS, type PlainAction } from '../../common/policy.js';
import { requireOrg, requireUser, type AuthContext, type OrgAuth } from './auth.js';
import { authorize } from './authorize.js';

/*
 * Who may call a route, declared on the route (issue 29): its `config` is `{ access, action?,
 * closedWorkspace? }`, applied by one onRoute hook (`installAccess`) that refuses a route without
 * a declaration when it is registered and attaches the declaration's gate. The rules are
 * common/policy.ts's; a refusal becomes its error in authorize.ts.
 *
 * - `public`: no session needed (the route may check its own credential: a link's secret, a
 *   hub's signature, METRICS_TOKEN).
 * - `self`: a signed-in user (401 without a session).
 * - `org`: a signed-in active member of an organization (`org.member`, else 403) whose workspace
 *   is open (`workspace.use`: 403 after the trial ended), then `action` if one is named. A route
 *   that stays open after a trial ended (what an admin needs to upgrade) says
 *   `closedWorkspace: 'allowed'` and skips `workspace.use`.
 * - `operator`: the platform operator's organization, checked before the body is read or
 *   validated, so anyone else gets an unknown route's 404 even for a malformed request; `action`
 *   (default `operator.console`: the operator's admins) is one of the actions that hide.
 *
 * The gates of `self` and `org` run as the route's first preHandler: after validation, where the
 * handlers checked before, so every status stays what it was. A check that depends on the request
 * (a field's pointer, a count, existence before role) stays in the handler, and the route still
 * declares its class. Handlers read the checked caller with `callerOf(req)` / `memberOf(req)`.
 */

/** Actions an `operator` route may name: each refuses everyone outside the operator's organization as hidden (404). */
export const OPERATOR_ACTIONS = ['operator.console', 'platform.operate', 'websites.read', 'websites.write'] as const satisfies readonly PlainAction[];
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export type OrgAccess = { access: 'org'; action?: PlainAction; closedWorkspace?: 'allowed' };
export type OperatorAccess = { access: 'operator'; action?: OperatorAction };
export type RouteAccess = { access: 'public' } | { access: 'self' } | OrgAccess | OperatorAccess;
export type AccessClass = RouteAccess['access'];

declare module 'fastify' {
  /** A route's config carries its declaration (`RouteAccess`), beside whatever else it configures. */
  interface FastifyContextConfig {
    /** Who may call the route (server/http/access.ts); every route declares it. */
    access?: AccessClass;
    /** The policy action an `org` or `operator` route needs. */
    action?: PlainAction;
    /** An `org` route that stays open after the organization's trial ended. */
    closedWorkspace?: 'allowed';
  }
}

/*
 * The declarations, as a route's `config` (`{ config: org({ action: 'youtube.use' }), schema … }`).
 * Constants and constructors rather than literals: Fastify infers a route's config type from the
 * literal and would widen `'org'` to `string`.
 */
/** No session needed. */
export const PUBLIC = { access: 'public' } as const;
/** A signed-in user. */
export const SELF = { access: 'self' } as const;
/** A signed-in member of an organization whose workspace is open (unless `closedWorkspace: 'allowed'`), then `action`. */
export const org = (rule: Omit<OrgAccess, 'access'> = {}): OrgAccess => ({ access: 'org', ...rule });
/** The platform operator's organization (`action`, default `operator.console`: its admins); anyone else gets 404. */
export const operator = (action?: OperatorAction): OperatorAccess => (action ? { access: 'operator', action } : { access: 'operator' });

/** The member each org or operator route's gate let through, for `memberOf`. */
const members = new WeakMap<FastifyRequest, OrgAuth>();

/** The decorator a scope sets to give the routes of a plugin it registers a default (`registerWithAccess`). */
const DEFAULT_DECORATOR = 'routeAccessDefault';

const actions: readonly string[] = ACTIONS;

/** The declaration in a route's config, or undefined when it has none. */
export function accessDeclared(config: FastifyContextConfig | undefined): RouteAccess | undefined {
  if (config?.access === undefined) return undefined;
  const { access, action, closedWorkspace } = config;
  return { access, ...(action === undefined ? {} : { action }), ...(closedWorkspace === undefined ? {} : { closedWorkspace }) } as RouteAccess;
}

/** Why a declaration is not one (null when it is). */
export function accessProblem(declared: RouteAccess | undefined): string | null {
  if (!declared) return 'declares no access (config: { access: public | self | org | operator })';
  const { access, action, closedWorkspace } = declared as { access: unknown; action?: unknown; closedWorkspace?: unknown };
  if (closedWorkspace !== undefined && (access !== 'org' || closedWorkspace !== 'allowed')) return "may say closedWorkspace: 'allowed' on an org route only";
  switch (access) {
    case 'public':
    case 'self':
      return action === undefined ? null : `declares ${access} access with an action: name an action on an org or operator route`;
    case 'org':
      return action === undefined || actions.includes(String(action)) ? null : `names an unknown action ${String(action)}`;
    case 'operator':
      return action === undefined || (OPERATOR_ACTIONS as readonly unknown[]).includes(action)
        ? null
        : `names ${String(action)}, which does not hide the route from other organizations (${OPERATOR_ACTIONS.join(', ')})`;
    default:
      return `declares an unknown access class ${JSON.stringify(access)}`;
  }
}

const selfGate: preHandlerHookHandler = async (req) => {
  requireUser(req);
};

function orgGate(access: OrgAccess): preHandlerHookHandler {
  return async (req) => {
    let member = requireOrg(req);
    if (access.closedWorkspace !== 'allowed') member = authorize(member, 'workspace.use');
    if (access.action) authorize(member, access.action);
    members.set(req, member);
  };
}

function operatorGate(action: OperatorAction): onRequestHookHandler {
  return async (req) => {
    members.set(req, authorize(requireOrg(req), action));
  };
}

/** `hook` before the route's own hooks of that kind. */
function prepend<T>(own: T | T[] | undefined, hook: T): T[] {
  return [hook, ...(own === undefined ? [] : ([own].flat() as T[]))];
}

/**
 * Installs the access hook on the app, before any route is registered: each route must declare
 * its access (or get its plugin's default, `registerWithAccess`); registering one that does not
 * throws, naming it.
 */
export function installAccess(app: FastifyInstance) {
  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    const declared =
      accessDeclared(route.config) ?? (this.hasDecorator(DEFAULT_DECORATOR) ? this.getDecorator<{ access: RouteAccess }>(DEFAULT_DECORATOR).access : undefined);
    const problem = accessProblem(declared);
    if (problem) throw new Error(`${[route.method].flat().join(',')} ${route.url} ${problem}`);
    const access = declared!;
    // A copy: GET and its HEAD twin share the options' config object.
    route.config = { ...route.config, ...access };
    if (access.access === 'self') route.preHandler = prepend(route.preHandler, selfGate);
    else if (access.access === 'org') route.preHandler = prepend(route.preHandler, orgGate(access));
    else if (access.access === 'operator') route.onRequest = prepend(route.onRequest, operatorGate(access.action ?? 'operator.console'));
  });
}

/**
 * Registers a plugin we do not control (Swagger UI, the static files of the web app), whose
 * routes cannot declare their access: each gets `access`.
 */
export async function registerWithAccess<O extends FastifyPluginOptions>(
  app: FastifyInstance,
  access: RouteAccess,
  plugin: FastifyPluginCallback<O> | FastifyPluginAsync<O>,
  opts: O,
) {
  await app.register(async (scope) => {
    scope.decorate(DEFAULT_DECORATOR, { access });
    await scope.register(plugin as FastifyPluginCallback<O>, opts);
  });
}

/** The signed-in caller of a `self`, `org` or `operator` route (its gate has checked the session). */
export function callerOf(req: FastifyRequest): AuthContext {
  const access = req.routeOptions.config.access;
  if (!req.auth || access === undefined || access === 'public')
    throw new Error(`${req.method} ${req.routeOptions.url} reads its caller but declares ${access ?? 'no'} access`);
  return req.auth;
}

/** The member an `org` or `operator` route's gate let through (`org.member`, `workspace.use` unless allowed closed, and its action). */
export function memberOf(req: FastifyRequest): OrgAuth {
  const member = members.get(req);
  if (!member) throw new Error(`${req.method} ${req.routeOptions.url} reads its member but declares ${req.routeOptions.config.access ?? 'no'} access`);
  return member;
}
