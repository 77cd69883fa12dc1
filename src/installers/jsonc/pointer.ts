// RFC 6901 JSON pointers for diagnostics and ServerEntry.pointer.
export type JsonPath = readonly (string | number)[];

export function toPointer(path: JsonPath): string {
  return path.map((seg) => '/' + String(seg).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
