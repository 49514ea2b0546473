/** Reference lists as the server sends them (docs/api.md "Reference lists"; GET languages, countries, regions, mediatypes). */
export interface LanguageAttributes {
  code: string;
  name: string;
}

export interface CountryAttributes {
  'iso-code': string;
  name: string;
  region: string;
  numeric: string;
}

export interface RegionAttributes {
  name: string;
}

export interface MediatypeAttributes {
  name: string;
}
