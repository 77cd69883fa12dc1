// redactText: credentials anywhere in free text (diagnostic messages, diff lines, comments, error
// strings). Five passes, each a single forward scan, in an order where later passes never see what
// earlier ones removed as a secret (REDACTED contains nothing any pass matches):
//   1. URLs: userinfo, secret query values, token path segments, webhook paths
//   2. known vendor token formats (sk-, ghp_, AKIA, …) and PEM private keys
//   3. values after secret NAMES: `"apiKey": "V"`, `TOKEN=V`, `token: V`, `--token V`, …
//   4. `Bearer V` / `Basic V`
//   5. random-looking words (no vendor prefix, no name announcing them)
import { redactAuthSchemes } from './auth-scheme.js';
import { redactSecretPairs } from './pairs.js';
import { redactKnownTokens } from './token-formats.js';
import { redactUrlsInText } from './url.js';
import { redactRandomWords } from './words.js';

export function redactText(text: string): string {
  let out = redactUrlsInText(text);
  out = redactKnownTokens(out);
  out = redactSecretPairs(out);
  out = redactAuthSchemes(out);
  return redactRandomWords(out);
}
