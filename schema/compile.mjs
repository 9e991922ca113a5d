// Builds the navigation schema from the element model (src/navigation/model.ts, through
// src/schema/build-schema.ts) and compiles schema/docs.schema.json with it, once, at build time,
// into a standalone ajv validator: src/schema/validate.generated.ts. It is a .ts file (with
// `// @ts-nocheck`) so that vitest runs it from src/ and tsc emits it into dist/ like any
// other module, with no allowJs and no copy step. Then writes the schemas editors load, one
// pair per profile (schema/navigation.schema.json and docs.schema.json for `spec`,
// navigation.platform.schema.json and docs.platform.schema.json for `platform`): they add what
// docsnav's rules report themselves (language codes, one kind of child per level), so the
// validator is compiled from the model's schema, not from them, and no problem is reported
// twice. Run by `npm run build:schema`.
import { readFileSync, writeFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import standaloneCode from 'ajv/dist/standalone/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'src', 'schema', 'validate.generated.ts');

// The files carry no $id, so that editors resolve the relative $ref from a local path.
// Ajv needs absolute ids to resolve it: give them one here, on copies.
const BASE = 'https://docsnav.invalid/schema/';

// The model, the profiles and the schema builder import nothing else: transpile just those,
// keeping their relative layout, and load them.
async function loadBuilder() {
  const temp = mkdtempSync(join(tmpdir(), 'docsnav-schema-'));
  try {
    for (const file of ['navigation/model.ts', 'config/profiles.ts', 'schema/build-schema.ts']) {
      const source = readFileSync(join(here, '..', 'src', file), 'utf8');
      const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } });
      mkdirSync(join(temp, dirname(file)), { recursive: true });
      writeFileSync(join(temp, file.replace(/\.ts$/, '.mjs')), outputText.replace(/from '(\.{1,2}\/[^']+)\.js'/g, "from '$1.mjs'"));
    }
    const builder = await import(pathToFileURL(join(temp, 'schema/build-schema.mjs')).href);
    const { PROFILES } = await import(pathToFileURL(join(temp, 'config/profiles.mjs')).href);
    return { ...builder, PROFILES };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
const { buildNavigationSchema, buildEditorNavigationSchema, EDITOR_SCHEMA_FILES, PROFILES } = await loadBuilder();

const write = (name, schema) => writeFileSync(join(here, name), JSON.stringify(schema, null, 2) + '\n');
const read = (name) => JSON.parse(readFileSync(join(here, name), 'utf8'));

// docs.schema.json (hand-written) is the `spec` profile's; every other profile's is the same file
// pointing at its own navigation schema.
const specDocs = read(EDITOR_SCHEMA_FILES.spec.docs);
for (const [profile, files] of Object.entries(EDITOR_SCHEMA_FILES)) {
  write(files.navigation, buildEditorNavigationSchema(profile, [...PROFILES[profile].languageCodes]));
  if (files.docs === EDITOR_SCHEMA_FILES.spec.docs) continue;
  write(files.docs, {
    ...specDocs,
    description: `${specDocs.description} Language codes as docsnav's \`${profile}\` profile accepts them. Generated from ${EDITOR_SCHEMA_FILES.spec.docs} by schema/compile.mjs: do not edit.`,
    properties: { ...specDocs.properties, navigation: { $ref: files.navigation } },
  });
}

const navigation = { ...buildNavigationSchema(), $id: `${BASE}navigation.schema.json` };
const docs = { ...specDocs, $id: `${BASE}docs.schema.json` };

const ajv = new Ajv({
  allErrors: true, // every problem, not the first; also required by ajv-errors
  strict: true,
  // The group's `if`/`else` names `openapi`/`pages`, declared beside them, not inside them.
  strictRequired: false,
  // String length by .length: no runtime import of ajv's ucs2length helper (the generated
  // module then imports nothing and loads as plain ESM anywhere).
  unicode: false,
  // Each $ref target becomes its own function, so ajv-errors' `errorMessage` scans only the
  // errors of that element, not every error gathered so far (which is quadratic).
  inlineRefs: false,
  code: { source: true, esm: true, optimize: true },
  // `unicode: false` is deprecated in ajv 8 but still honoured; silence only that notice.
  logger: {
    log: console.log,
    warn: (...args) => {
      if (!String(args[0]).includes('option unicode')) console.warn(...args);
    },
    error: console.error,
  },
});
ajvErrors(ajv);
ajv.addSchema(navigation);
const validate = ajv.compile(docs);

let code = standaloneCode(ajv, validate);
const name = validate.source?.validateName?.str ?? String(validate.source?.validateName);
const exportsLine = `export const validate = ${name};export default ${name};`;
if (!code.includes(exportsLine)) throw new Error(`compile.mjs: unexpected standalone output (no "${exportsLine}")`);
code = code.replace(exportsLine, '');
if (/\brequire\(|(^|[;}])\s*import\s*[{*\w]/m.test(code)) throw new Error('compile.mjs: the generated validator imports a runtime helper');

// Keys each object definition accepts (additionalProperties: false), for "did you mean".
const allowedKeys = {};
for (const [defName, def] of Object.entries(navigation.definitions)) {
  if (def.additionalProperties === false && def.properties) allowedKeys[defName] = Object.keys(def.properties);
}

const header = `// @ts-nocheck
// GENERATED by schema/compile.mjs from schema/*.schema.json. Do not edit; run \`npm run build:schema\`.
/* eslint-disable */
`;
const footer = `
/** One error of the generated validator (ajv's ErrorObject, as produced with ajv-errors). */
export interface GeneratedError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The compiled docs.json validator: true when valid; otherwise \`errors\` holds every error. */
export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: GeneratedError[] | null;
}

export const validateDocs: GeneratedValidator = ${name} as unknown as GeneratedValidator;

/** Keys accepted by each object definition of the navigation schema, by definition name. */
export const allowedKeys: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(allowedKeys)};
`;
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, header + code + '\n' + footer);
