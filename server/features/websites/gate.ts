import type { FastifyRequest } from 'fastify';
import { ROLE } from '../../../common/limits.js';
import { requireOrg, type OrgAuth } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';

/**
 * Websites and feeds belong to the platform operator (000 §6: "Organization 1 alone sees
 * Websites"). Anyone else gets the same 404 as an unknown route, so the area is not revealed.
 */
export function requireOperator(req: FastifyRequest): OrgAuth {
  const auth = requireOrg(req);
  if (!auth.org.capabilities?.platform_operator) throw new AppError('not_found', 'No such API route');
  return auth;
}

/** Writes also need the admin role (000 §6: "Adding websites needs … role-id 1"). */
export function requireOperatorAdmin(req: FastifyRequest): OrgAuth {
  const auth = requireOperator(req);
  if (auth.roleId !== ROLE.admin) throw new AppError('forbidden', 'Only an admin of the platform operator can change websites and feeds');
  return auth;
}

/** A 409 on one attribute (a domain or feed that already exists). */
export const conflictAt = (pointer: string, detail: string) => new AppError('conflict', detail, pointer);
