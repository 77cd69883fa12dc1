// jsonc-parser's SyntaxKind is an ambient const enum, which isolatedModules/verbatimModuleSyntax
// cannot read, so the values we use are mirrored here (they are part of jsonc-parser's stable API).
import type { SyntaxKind as JsoncSyntaxKind } from 'jsonc-parser';

export const Token = {
  CloseBraceToken: 2 as JsoncSyntaxKind,
  CloseBracketToken: 4 as JsoncSyntaxKind,
  CommaToken: 5 as JsoncSyntaxKind,
  LineCommentTrivia: 12 as JsoncSyntaxKind,
  BlockCommentTrivia: 13 as JsoncSyntaxKind,
  LineBreakTrivia: 14 as JsoncSyntaxKind,
  Trivia: 15 as JsoncSyntaxKind,
  EOF: 17 as JsoncSyntaxKind,
} as const;
