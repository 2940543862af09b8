import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One cast of a request parameter: where, and the text cast. */
export interface ParamCast {
  file: string;
  line: number;
  text: string;
}

const CONVERTERS = new Set(['String', 'Number', 'Boolean']);

const unwrap = (node: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node);

/**
 * The casts of request parameters in one view file: an `as` (or `<T>`) applied to a call's
 * parameters or to one of them, and `String(…)`, `Number(…)`, `Boolean(…)` of one. A call's
 * parameters are `call.params` and `call.path`, any name bound to them (`const p = call.params`, a
 * destructured `{ params }`), and a function parameter named `params` or `path`.
 */
export function paramCastsIn(fileName: string, source: string): ParamCast[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const aliases = new Set<string>(['params', 'path']);
  const isParams = (node: ts.Expression): boolean => {
    const inner = unwrap(node);
    if (ts.isIdentifier(inner)) return aliases.has(inner.text);
    if (ts.isPropertyAccessExpression(inner)) return ['params', 'path'].includes(inner.name.text) && ts.isIdentifier(unwrap(inner.expression));
    if (ts.isAsExpression(inner) || ts.isNonNullExpression(inner)) return isParams(inner.expression);
    return false;
  };
  const isParamField = (node: ts.Expression): boolean => {
    const inner = unwrap(node);
    if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) return isParams(inner.expression);
    if (ts.isNonNullExpression(inner)) return isParamField(inner.expression);
    // `p.x ?? fallback`, `p.x || fallback`: still the parameter.
    if (ts.isBinaryExpression(inner) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(inner.operatorToken.kind)) return isParamField(inner.left);
    return false;
  };
  const collectAliases = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer && isParams(node.initializer)) {
      if (ts.isIdentifier(node.name)) aliases.add(node.name.text);
    }
    if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name)) {
      for (const element of node.name.elements) {
        const key = element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : ts.isIdentifier(element.name) ? element.name.text : '';
        if ((key === 'params' || key === 'path') && ts.isIdentifier(element.name)) aliases.add(element.name.text);
      }
    }
    ts.forEachChild(node, collectAliases);
  };
  collectAliases(file);
  const casts: ParamCast[] = [];
  const note = (node: ts.Node): void => {
    casts.push({ file: fileName, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: node.getText(file) });
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConstAssertion(node) && (isParams(node.expression) || isParamField(node.expression))) note(node);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && CONVERTERS.has(node.expression.text)) {
      const [first] = node.arguments;
      if (first && (isParamField(first) || isParams(first))) note(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return casts;
}

const isConstAssertion = (node: ts.AsExpression | ts.TypeAssertion): boolean =>
  ts.isTypeReferenceNode(node.type) && ts.isIdentifier(node.type.typeName) && node.type.typeName.text === 'const';

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return path.endsWith('.ts') ? [path] : [];
  return readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name)));
}

/** The casts of request parameters in the files and folders given (paths relative to root). */
export function paramCastsUnder(root: string, places: readonly string[]): ParamCast[] {
  return places.flatMap((place) => filesUnder(join(root, place))).flatMap((path) => paramCastsIn(relative(root, path), readFileSync(path, 'utf8')));
}
