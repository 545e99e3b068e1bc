import AjvModule, { type ValidateFunction } from 'ajv';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// ajv is CommonJS: its class is the default export's `default` under Node's ESM
const Ajv = (AjvModule as unknown as { default: typeof AjvModule.default }).default;

/**
 * The JSON Schemas of one version of the reconciliation API (`folder`/schemas), by document
 * name (`manifest`, `reconciliation-result-batch`...). The schemas declare the draft-less
 * "http://json-schema.org/schema#": read as draft-07, without checking the schemas
 * themselves; the formats they use are checked loosely. `openapi.json` is Swagger 2.0's own
 * schema, which the manifest's `authentication` refers to.
 */
export function schemaValidators(folder: string): {
  schema: (name: string) => ValidateFunction;
  expectValid: (name: string, document: unknown) => void;
  names: Set<string>;
} {
  const ajv = new Ajv({
    strict: false,
    validateSchema: false,
    allErrors: true,
    formats: { uri: (s: string) => /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(s), email: (s: string) => /^\S+@\S+$/.test(s) },
  });
  const keys = new Map<string, string>();
  for (const file of readdirSync(join(folder, 'schemas'))) {
    const schema = JSON.parse(readFileSync(join(folder, 'schemas', file), 'utf8')) as { $id?: string };
    // by its $id where it has one (the draft's schemas refer to each other by it), else by its file name
    const key = schema.$id ?? file;
    ajv.addSchema(schema, schema.$id === undefined ? file : undefined);
    keys.set(file.replace(/\.json$/, ''), key);
  }
  const schema = (name: string): ValidateFunction => {
    const validate = ajv.getSchema(keys.get(name) ?? name);
    if (validate === undefined) throw new Error(`no schema ${name}`);
    return validate;
  };
  /** Expects `document` to validate, showing the schema's complaints when it does not. */
  const expectValid = (name: string, document: unknown): void => {
    const validate = schema(name);
    const valid = validate(document);
    expect(valid ? [] : validate.errors).toEqual([]);
  };
  return { schema, expectValid, names: new Set(keys.keys()) };
}
