// A codec whose code is loaded on first use. The YAML and TOML codecs pull in their parsers (the
// `yaml` package alone is ~160 KB bundled, the TOML parser and editor ~30 KB): half of what `init` compiled
// before its first file read, for hosts most runs never touch (measured with an esbuild metafile and
// `node --cpu-prof`: compileSourceTextModule was the largest single cost of `init`). Behind a dynamic
// import() each parser is a lazy chunk, loaded when a host of that format is planned or read.
//
// DocumentCodec's parse/create stay synchronous: whoever reads a document through the overlay (the
// only way host code parses) awaits `ready()` first; an edit that writes a new file awaits it too.
import { PatchbayError } from '../../errors.js';
import type { ConfigDocument, DocumentCodec, DocumentKind } from './types.js';

export function lazyCodec(kind: DocumentKind, load: () => Promise<DocumentCodec>, peek?: DocumentCodec['peek']): DocumentCodec {
  let loaded: DocumentCodec | undefined;
  let loading: Promise<void> | undefined;
  const codec = (): DocumentCodec => {
    // A caller that skipped ready(): a programming error, never a user's file problem.
    if (!loaded) throw new PatchbayError('internal', `the ${kind} codec was used before it was loaded (await codec.ready() first)`);
    return loaded;
  };
  return {
    kind,
    parse: (text, options) => codec().parse(text, options),
    create: (value, style) => codec().create(value, style),
    ready: () =>
      (loading ??= load().then((c) => {
        loaded = c;
      })),
    ...(peek ? { peek } : {}),
  };
}

/**
 * `text` parsed with `codec`, its code loaded first when it is lazy. `readOnly`: nothing will edit the
 * document, so a codec's `peek` may answer without loading that code (plain YAML: yaml/simple-read.ts).
 */
export async function openDocument(codec: DocumentCodec, text: string, options: { path?: string }, readOnly: boolean): Promise<ConfigDocument> {
  const peeked = readOnly ? await codec.peek?.(text, options) : undefined;
  if (peeked !== undefined) return peeked;
  await codec.ready?.();
  return codec.parse(text, options);
}
