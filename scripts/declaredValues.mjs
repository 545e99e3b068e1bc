// A constant of the sources as the docs quote it: `export const NAME = <a number's expression>`
// (or a field of an exported object literal, `NAME.field`), read from the file's syntax without a
// build, and said with its unit. bench/tables.mjs fills the docs' markers
// `<!-- declared ["src/file.ts", "NAME", "unit"] -->VALUE<!-- /declared -->` from it.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const sources = new Map();
function sourceOf(file) {
  if (!sources.has(file)) sources.set(file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true));
  return sources.get(file);
}

/** The number that `name` (`CONST` or `CONST.field`) is declared as in `file`. */
export function declaredValue(file, name) {
  const [constant, field] = name.split('.');
  let found;
  sourceOf(file).forEachChild((node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const declaration of node.declarationList.declarations)
      if (declaration.name.getText() === constant) found = declaration.initializer;
  });
  if (found === undefined) throw new Error(`${file} declares no ${constant}`);
  if (field !== undefined) {
    if (!ts.isObjectLiteralExpression(found)) throw new Error(`${file}: ${constant} is not an object literal`);
    found = found.properties.find((property) => property.name?.getText() === field)?.initializer;
    if (found === undefined) throw new Error(`${file}: ${constant} has no field ${field}`);
  }
  const text = found.getText().replace(/_/g, '');
  if (!/^[\d\s*+\-/()<>.]+$/.test(text)) throw new Error(`${file}: ${name} is not a number's expression (${text})`);
  return Function(`return (${text});`)();
}

/** A value in the words of its unit: `ms` (150 ms), `s` from ms (10 s), `seconds` (60 s), `bytes` (16 kB, 2 MB), or a plain count. */
export function inWords(value, unit) {
  if (unit === 'ms') return `${value} ms`;
  if (unit === 's') return `${(value / 1000).toLocaleString('en')} s`;
  if (unit === 'seconds') return `${value.toLocaleString('en')} s`;
  if (unit === 'bytes') return value >= 1024 * 1024 ? `${value / (1024 * 1024)} MB` : `${value / 1024} kB`;
  if (unit === 'count') return value.toLocaleString('en');
  throw new Error(`no unit "${unit}"`);
}
