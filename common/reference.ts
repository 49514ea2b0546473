/**
 * Reference lists shared by the server (GET languages, countries, regions) and the web app
 * (selects, the website map): ISO 639-1 languages, ISO 3166-1 countries with the spec's regions.
 */

/** The regions of the regional filters (000 §3 filters: regions, countries). */
export const REGIONS = ['Africa', 'Asia', 'Europe', 'Latin America', 'Middle East', 'North America', 'Oceania'] as const;
export type Region = (typeof REGIONS)[number];

export interface Language {
  /** ISO 639-1 code, or `unknown` (the spec's default article language). */
  code: string;
  name: string;
}

/**
 * The ~60 most common languages of online media, by ISO 639-1 code, plus `unknown`: every
 * Western and Eastern European language, CJK, Arabic, Hebrew, Hindi, Turkish, the main
 * South-East Asian ones. `detectLanguage` (crawler) answers codes from this list or `unknown`.
 */
export const LANGUAGES: readonly Language[] = [
  ['ar', 'Arabic'], ['az', 'Azerbaijani'], ['be', 'Belarusian'], ['bg', 'Bulgarian'], ['bn', 'Bengali'],
  ['bs', 'Bosnian'], ['ca', 'Catalan'], ['cs', 'Czech'], ['cy', 'Welsh'], ['da', 'Danish'],
  ['de', 'German'], ['el', 'Greek'], ['en', 'English'], ['es', 'Spanish'], ['et', 'Estonian'],
  ['eu', 'Basque'], ['fa', 'Persian'], ['fi', 'Finnish'], ['fil', 'Filipino'], ['fr', 'French'],
  ['ga', 'Irish'], ['gl', 'Galician'], ['he', 'Hebrew'], ['hi', 'Hindi'], ['hr', 'Croatian'],
  ['hu', 'Hungarian'], ['hy', 'Armenian'], ['id', 'Indonesian'], ['is', 'Icelandic'], ['it', 'Italian'],
  ['ja', 'Japanese'], ['ka', 'Georgian'], ['kk', 'Kazakh'], ['ko', 'Korean'], ['lb', 'Luxembourgish'],
  ['lt', 'Lithuanian'], ['lv', 'Latvian'], ['mk', 'Macedonian'], ['ms', 'Malay'], ['mt', 'Maltese'],
  ['nl', 'Dutch'], ['no', 'Norwegian'], ['pl', 'Polish'], ['pt', 'Portuguese'], ['ro', 'Romanian'],
  ['ru', 'Russian'], ['sk', 'Slovak'], ['sl', 'Slovenian'], ['sq', 'Albanian'], ['sr', 'Serbian'],
  ['sv', 'Swedish'], ['sw', 'Swahili'], ['ta', 'Tamil'], ['th', 'Thai'], ['tl', 'Tagalog'],
  ['tr', 'Turkish'], ['uk', 'Ukrainian'], ['ur', 'Urdu'], ['uz', 'Uzbek'], ['vi', 'Vietnamese'],
  ['zh', 'Chinese'], ['unknown', 'Unknown'],
].map(([code, name]) => ({ code, name }));

const languageNames = new Map(LANGUAGES.map((l) => [l.code, l.name]));

export const isKnownLanguage = (code: string): boolean => languageNames.has(code);

/** "de" → "German"; an unlisted code is shown as it is. */
export const languageName = (code: string | null | undefined): string =>
  code ? (languageNames.get(code) ?? code) : 'Unknown';

export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** ISO 3166-1 numeric, as a 3-digit string: the feature id of world-atlas maps. */
  numeric: string;
  name: string;
  region: Region;
}

/** Every ISO 3166-1 country and territory, with its region. */
export const COUNTRIES: readonly Country[] = [
  'AD|020|Andorra|Europe', 'AE|784|United Arab Emirates|Middle East', 'AF|004|Afghanistan|Asia',
  'AG|028|Antigua and Barbuda|Latin America', 'AI|660|Anguilla|Latin America', 'AL|008|Albania|Europe',
  'AM|051|Armenia|Asia', 'AO|024|Angola|Africa', 'AQ|010|Antarctica|Oceania',
  'AR|032|Argentina|Latin America', 'AS|016|American Samoa|Oceania', 'AT|040|Austria|Europe',
  'AU|036|Australia|Oceania', 'AW|533|Aruba|Latin America', 'AX|248|Åland Islands|Europe',
  'AZ|031|Azerbaijan|Asia', 'BA|070|Bosnia and Herzegovina|Europe', 'BB|052|Barbados|Latin America',
  'BD|050|Bangladesh|Asia', 'BE|056|Belgium|Europe', 'BF|854|Burkina Faso|Africa',
  'BG|100|Bulgaria|Europe', 'BH|048|Bahrain|Middle East', 'BI|108|Burundi|Africa',
  'BJ|204|Benin|Africa', 'BL|652|Saint Barthélemy|Latin America', 'BM|060|Bermuda|North America',
  'BN|096|Brunei|Asia', 'BO|068|Bolivia|Latin America', 'BQ|535|Caribbean Netherlands|Latin America',
  'BR|076|Brazil|Latin America', 'BS|044|Bahamas|Latin America', 'BT|064|Bhutan|Asia',
  'BV|074|Bouvet Island|Europe', 'BW|072|Botswana|Africa', 'BY|112|Belarus|Europe',
  'BZ|084|Belize|Latin America', 'CA|124|Canada|North America', 'CC|166|Cocos (Keeling) Islands|Oceania',
  'CD|180|DR Congo|Africa', 'CF|140|Central African Republic|Africa', 'CG|178|Republic of the Congo|Africa',
  'CH|756|Switzerland|Europe', "CI|384|Côte d'Ivoire|Africa", 'CK|184|Cook Islands|Oceania',
  'CL|152|Chile|Latin America', 'CM|120|Cameroon|Africa', 'CN|156|China|Asia',
  'CO|170|Colombia|Latin America', 'CR|188|Costa Rica|Latin America', 'CU|192|Cuba|Latin America',
  'CV|132|Cape Verde|Africa', 'CW|531|Curaçao|Latin America', 'CX|162|Christmas Island|Oceania',
  'CY|196|Cyprus|Europe', 'CZ|203|Czechia|Europe', 'DE|276|Germany|Europe',
  'DJ|262|Djibouti|Africa', 'DK|208|Denmark|Europe', 'DM|212|Dominica|Latin America',
  'DO|214|Dominican Republic|Latin America', 'DZ|012|Algeria|Africa', 'EC|218|Ecuador|Latin America',
  'EE|233|Estonia|Europe', 'EG|818|Egypt|Middle East', 'EH|732|Western Sahara|Africa',
  'ER|232|Eritrea|Africa', 'ES|724|Spain|Europe', 'ET|231|Ethiopia|Africa',
  'FI|246|Finland|Europe', 'FJ|242|Fiji|Oceania', 'FK|238|Falkland Islands|Latin America',
  'FM|583|Micronesia|Oceania', 'FO|234|Faroe Islands|Europe', 'FR|250|France|Europe',
  'GA|266|Gabon|Africa', 'GB|826|United Kingdom|Europe', 'GD|308|Grenada|Latin America',
  'GE|268|Georgia|Asia', 'GF|254|French Guiana|Latin America', 'GG|831|Guernsey|Europe',
  'GH|288|Ghana|Africa', 'GI|292|Gibraltar|Europe', 'GL|304|Greenland|North America',
  'GM|270|Gambia|Africa', 'GN|324|Guinea|Africa', 'GP|312|Guadeloupe|Latin America',
  'GQ|226|Equatorial Guinea|Africa', 'GR|300|Greece|Europe', 'GS|239|South Georgia and the South Sandwich Islands|Latin America',
  'GT|320|Guatemala|Latin America', 'GU|316|Guam|Oceania', 'GW|624|Guinea-Bissau|Africa',
  'GY|328|Guyana|Latin America', 'HK|344|Hong Kong|Asia', 'HM|334|Heard Island and McDonald Islands|Oceania',
  'HN|340|Honduras|Latin America', 'HR|191|Croatia|Europe', 'HT|332|Haiti|Latin America',
  'HU|348|Hungary|Europe', 'ID|360|Indonesia|Asia', 'IE|372|Ireland|Europe',
  'IL|376|Israel|Middle East', 'IM|833|Isle of Man|Europe', 'IN|356|India|Asia',
  'IO|086|British Indian Ocean Territory|Asia', 'IQ|368|Iraq|Middle East', 'IR|364|Iran|Middle East',
  'IS|352|Iceland|Europe', 'IT|380|Italy|Europe', 'JE|832|Jersey|Europe',
  'JM|388|Jamaica|Latin America', 'JO|400|Jordan|Middle East', 'JP|392|Japan|Asia',
  'KE|404|Kenya|Africa', 'KG|417|Kyrgyzstan|Asia', 'KH|116|Cambodia|Asia',
  'KI|296|Kiribati|Oceania', 'KM|174|Comoros|Africa', 'KN|659|Saint Kitts and Nevis|Latin America',
  'KP|408|North Korea|Asia', 'KR|410|South Korea|Asia', 'KW|414|Kuwait|Middle East',
  'KY|136|Cayman Islands|Latin America', 'KZ|398|Kazakhstan|Asia', 'LA|418|Laos|Asia',
  'LB|422|Lebanon|Middle East', 'LC|662|Saint Lucia|Latin America', 'LI|438|Liechtenstein|Europe',
  'LK|144|Sri Lanka|Asia', 'LR|430|Liberia|Africa', 'LS|426|Lesotho|Africa',
  'LT|440|Lithuania|Europe', 'LU|442|Luxembourg|Europe', 'LV|428|Latvia|Europe',
  'LY|434|Libya|Africa', 'MA|504|Morocco|Africa', 'MC|492|Monaco|Europe',
  'MD|498|Moldova|Europe', 'ME|499|Montenegro|Europe', 'MF|663|Saint Martin|Latin America',
  'MG|450|Madagascar|Africa', 'MH|584|Marshall Islands|Oceania', 'MK|807|North Macedonia|Europe',
  'ML|466|Mali|Africa', 'MM|104|Myanmar|Asia', 'MN|496|Mongolia|Asia',
  'MO|446|Macao|Asia', 'MP|580|Northern Mariana Islands|Oceania', 'MQ|474|Martinique|Latin America',
  'MR|478|Mauritania|Africa', 'MS|500|Montserrat|Latin America', 'MT|470|Malta|Europe',
  'MU|480|Mauritius|Africa', 'MV|462|Maldives|Asia', 'MW|454|Malawi|Africa',
  'MX|484|Mexico|Latin America', 'MY|458|Malaysia|Asia', 'MZ|508|Mozambique|Africa',
  'NA|516|Namibia|Africa', 'NC|540|New Caledonia|Oceania', 'NE|562|Niger|Africa',
  'NF|574|Norfolk Island|Oceania', 'NG|566|Nigeria|Africa', 'NI|558|Nicaragua|Latin America',
  'NL|528|Netherlands|Europe', 'NO|578|Norway|Europe', 'NP|524|Nepal|Asia',
  'NR|520|Nauru|Oceania', 'NU|570|Niue|Oceania', 'NZ|554|New Zealand|Oceania',
  'OM|512|Oman|Middle East', 'PA|591|Panama|Latin America', 'PE|604|Peru|Latin America',
  'PF|258|French Polynesia|Oceania', 'PG|598|Papua New Guinea|Oceania', 'PH|608|Philippines|Asia',
  'PK|586|Pakistan|Asia', 'PL|616|Poland|Europe', 'PM|666|Saint Pierre and Miquelon|North America',
  'PN|612|Pitcairn Islands|Oceania', 'PR|630|Puerto Rico|Latin America', 'PS|275|Palestine|Middle East',
  'PT|620|Portugal|Europe', 'PW|585|Palau|Oceania', 'PY|600|Paraguay|Latin America',
  'QA|634|Qatar|Middle East', 'RE|638|Réunion|Africa', 'RO|642|Romania|Europe',
  'RS|688|Serbia|Europe', 'RU|643|Russia|Europe', 'RW|646|Rwanda|Africa',
  'SA|682|Saudi Arabia|Middle East', 'SB|090|Solomon Islands|Oceania', 'SC|690|Seychelles|Africa',
  'SD|729|Sudan|Africa', 'SE|752|Sweden|Europe', 'SG|702|Singapore|Asia',
  'SH|654|Saint Helena, Ascension and Tristan da Cunha|Africa', 'SI|705|Slovenia|Europe', 'SJ|744|Svalbard and Jan Mayen|Europe',
  'SK|703|Slovakia|Europe', 'SL|694|Sierra Leone|Africa', 'SM|674|San Marino|Europe',
  'SN|686|Senegal|Africa', 'SO|706|Somalia|Africa', 'SR|740|Suriname|Latin America',
  'SS|728|South Sudan|Africa', 'ST|678|São Tomé and Príncipe|Africa', 'SV|222|El Salvador|Latin America',
  'SX|534|Sint Maarten|Latin America', 'SY|760|Syria|Middle East', 'SZ|748|Eswatini|Africa',
  'TC|796|Turks and Caicos Islands|Latin America', 'TD|148|Chad|Africa', 'TF|260|French Southern Territories|Africa',
  'TG|768|Togo|Africa', 'TH|764|Thailand|Asia', 'TJ|762|Tajikistan|Asia',
  'TK|772|Tokelau|Oceania', 'TL|626|Timor-Leste|Asia', 'TM|795|Turkmenistan|Asia',
  'TN|788|Tunisia|Africa', 'TO|776|Tonga|Oceania', 'TR|792|Turkey|Middle East',
  'TT|780|Trinidad and Tobago|Latin America', 'TV|798|Tuvalu|Oceania', 'TW|158|Taiwan|Asia',
  'TZ|834|Tanzania|Africa', 'UA|804|Ukraine|Europe', 'UG|800|Uganda|Africa',
  'UM|581|United States Minor Outlying Islands|Oceania', 'US|840|United States|North America', 'UY|858|Uruguay|Latin America',
  'UZ|860|Uzbekistan|Asia', 'VA|336|Vatican City|Europe', 'VC|670|Saint Vincent and the Grenadines|Latin America',
  'VE|862|Venezuela|Latin America', 'VG|092|British Virgin Islands|Latin America', 'VI|850|U.S. Virgin Islands|Latin America',
  'VN|704|Vietnam|Asia', 'VU|548|Vanuatu|Oceania', 'WF|876|Wallis and Futuna|Oceania',
  'WS|882|Samoa|Oceania', 'YE|887|Yemen|Middle East', 'YT|175|Mayotte|Africa',
  'ZA|710|South Africa|Africa', 'ZM|894|Zambia|Africa', 'ZW|716|Zimbabwe|Africa',
].map((row) => {
  const [code, numeric, name, region] = row.split('|');
  return { code, numeric, name, region: region as Region };
});

const countriesByCode = new Map(COUNTRIES.map((c) => [c.code, c]));

/** The country of an alpha-2 code, in any case. */
export const countryByCode = (code: string): Country | undefined => countriesByCode.get(code.toUpperCase());
