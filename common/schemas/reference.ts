import { z } from 'zod';
import { resourceSchema } from './jsonapi.js';

/** Reference lists as the server sends them (docs/api.md "Reference lists"; GET languages, countries, regions, mediatypes). */
export const languageResourceSchema = resourceSchema('language', z.object({ code: z.string(), name: z.string() }));
export type LanguageAttributes = z.infer<typeof languageResourceSchema>['attributes'];

export const countryResourceSchema = resourceSchema('country', z.object({ 'iso-code': z.string(), name: z.string(), region: z.string(), numeric: z.string() }));
export type CountryAttributes = z.infer<typeof countryResourceSchema>['attributes'];

export const regionResourceSchema = resourceSchema('region', z.object({ name: z.string() }));
export type RegionAttributes = z.infer<typeof regionResourceSchema>['attributes'];

export const mediatypeResourceSchema = resourceSchema('mediatype', z.object({ name: z.string() }));
export type MediatypeAttributes = z.infer<typeof mediatypeResourceSchema>['attributes'];
