// RFC 6901 JSON pointers: how a diagnostic names a place in a document of any format (JSON, TOML, YAML).
export type JsonPath = readonly (string | number)[];

export function toPointer(path: JsonPath): string {
  return path.map((seg) => '/' + String(seg).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
