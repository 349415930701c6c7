import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One piece of text the code writes: a string literal, a template's text, or JSX text. */
export interface WrittenText {
  file: string;
  line: number;
  /** The text as the program holds it (escapes decoded). */
  text: string;
  /** Where its source spelling sits in the file, for the fixer. */
  start: number;
  end: number;
  /** JSX text has no delimiters around its spelling; literals have quotes or template marks. */
  isJsxText: boolean;
}

// Calls whose strings are for developers or machines, not for the people using Comptoir, and
// frenchTypography's own input, which it sets right when the program runs.
const NOT_FOR_USERS =
  /^(console|logger|log|this\.logger|childLogger)\.|^(require|import|sql|sql\.raw|Symbol|frenchTypography)$/;

function isForUsers(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isLiteralTypeNode(at)) return false;
    if (ts.isExternalModuleReference(at)) return false;
    if (ts.isTaggedTemplateExpression(at) && NOT_FOR_USERS.test(at.tag.getText())) return false;
    if (ts.isCallExpression(at) && NOT_FOR_USERS.test(at.expression.getText())) return false;
  }
  return true;
}

export function textsOfSource(file: string, code: string): WrittenText[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: WrittenText[] = [];
  const add = (node: ts.Node, text: string) => {
    if (!isForUsers(node)) return;
    const isJsxText = ts.isJsxText(node);
    // JSX text's leading spaces count as text, not as trivia to skip.
    const start = isJsxText ? node.pos : node.getStart(source);
    const { line } = source.getLineAndCharacterOfPosition(start);
    found.push({ file, line: line + 1, text, start, end: node.end, isJsxText });
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      add(node, node.text);
    else if (ts.isJsxText(node)) add(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The application's own source files under `root`: src/ and server.ts (or the folders named). */
export function applicationFiles(root: string, folders?: string[]): string[] {
  if (folders?.length) return folders.flatMap((folder) => sourceFiles(path.resolve(root, folder)));
  return [...sourceFiles(path.join(root, 'src')), path.join(root, 'server.ts')];
}

/** Every text written by the application's code under `root`, with paths relative to it. */
export function writtenTexts(root: string): WrittenText[] {
  return applicationFiles(root).flatMap((file) =>
    textsOfSource(path.relative(root, file), fs.readFileSync(file, 'utf8')),
  );
}
