// The one string every redacted value becomes. Plain ASCII with no character that any redaction pass
// treats as part of a secret (no digits, no `=`/`:`, `<>` break words), so redacting twice is a no-op.
export const REDACTED = '<redacted>';
