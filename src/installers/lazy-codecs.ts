// The YAML and TOML codecs as host records hold them: loaded on first use (document/lazy-codec.ts),
// one instance per format so every host of that format shares one load. YAML also reads plain block
// files without its package when nothing will be edited (yaml/simple-read.ts says when).
// The reader is a lazy chunk of its own too (~5 KB minified): commands that read no YAML never compile it.
import { lazyCodec } from './document/lazy-codec.js';

export const yamlCodec = lazyCodec(
  'yaml',
  async () => (await import('./yaml/index.js')).yamlCodec,
  async (text) => (await import('./yaml/simple-document.js')).simpleYamlDocument(text),
);
export const tomlCodec = lazyCodec('toml', async () => (await import('./toml/index.js')).tomlCodec);
