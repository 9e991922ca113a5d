// Loads the VS Code extension's bundle (editors/vscode/dist/extension.js) outside VS Code and runs
// its activate(), with a stand-in for the `vscode` module: test/package/vscode-extension.test.ts
// runs it as `node vscode-fake-host.mjs <bundle> <case.json>` and reads one JSON line from stdout.
//
// The stand-in is thin on purpose: the workspace folders, the `docsnav.*` settings, VS Code's
// version (vscode-languageclient checks it), and recorders for error messages and the output
// channel. Everything else is a do-nothing stub (any property, call or `new` gives another stub),
// enough for vscode-languageclient to build its client and spawn the server, which is what is
// checked: the fake docsnav CLI that the case sets up writes its argv to a file and exits.
//
// case.json: { folders: string[], settings: { [key]: value }, waitFor?: string (a file the spawned
// server writes), timeoutMs?: number }.
import Module, { builtinModules } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { hangGuard } from '../time-scale.mjs';

const [bundle, casePath] = process.argv.slice(2);
const testCase = JSON.parse(readFileSync(casePath, 'utf8'));

const errors = [];
// VS Code's extension host logs a rejection no one handles and goes on; so does this one.
const unhandled = [];
process.on('unhandledRejection', (reason) => unhandled.push(String(reason)));
const output = [];
const requires = new Set();

function stub(name) {
  const cache = new Map();
  return new Proxy(function () {}, {
    get(target, prop) {
      // Not a thenable (an `await` on a stub must not hang), not iterable.
      if (typeof prop === 'symbol' || prop === 'then') return undefined;
      if (prop === 'prototype') return target.prototype;
      if (Object.prototype.hasOwnProperty.call(target, prop)) return target[prop];
      if (!cache.has(prop)) cache.set(prop, stub(`${name}.${String(prop)}`));
      return cache.get(prop);
    },
    apply: () => stub(`${name}()`),
    construct: () => stub(`new ${name}`),
  });
}

/** `target`'s own members, and a cached stub for any other name. */
function withStubs(target, name) {
  const cache = new Map();
  return new Proxy(target, {
    get(object, prop) {
      if (prop in object) return object[prop];
      if (typeof prop === 'symbol' || prop === 'then') return undefined;
      if (!cache.has(prop)) cache.set(prop, stub(`${name}.${prop}`));
      return cache.get(prop);
    },
  });
}

function uri(fsPath) {
  const href = pathToFileURL(fsPath).href;
  return { scheme: 'file', fsPath, path: new URL(href).pathname, toString: () => href, toJSON: () => href };
}

const folders = testCase.folders.map((fsPath, index) => ({ uri: uri(fsPath), name: `folder${index}`, index }));

const vscode = withStubs(
  {
    version: '1.82.0',
    workspace: withStubs(
      {
        workspaceFolders: folders.length > 0 ? folders : undefined,
        getConfiguration: (section) => ({
          get: (key, fallback) => {
            const full = section ? `${section}.${key}` : key;
            return Object.prototype.hasOwnProperty.call(testCase.settings, full) ? testCase.settings[full] : fallback;
          },
          has: () => false,
          inspect: () => undefined,
          update: async () => {},
        }),
      },
      'workspace',
    ),
    window: withStubs(
      {
        showErrorMessage: async (message) => {
          errors.push(String(message));
          return undefined;
        },
        createOutputChannel: (name) => {
          const channel = stub(`outputChannel(${name})`);
          return new Proxy(channel, {
            get(target, prop) {
              if (prop === 'appendLine' || prop === 'append') return (line) => output.push(String(line));
              if (prop === 'name') return name;
              return target[prop];
            },
          });
        },
      },
      'window',
    ),
  },
  'vscode',
);

// Every module the bundle asks for, and `vscode` answered by the stand-in.
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (parent?.filename === bundle && request !== bundle) requires.add(request);
  if (request === 'vscode') return vscode;
  return load.call(this, request, parent, isMain);
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let activateError;
const extension = Module.createRequire(bundle)(bundle);
const activation = Promise.resolve()
  .then(() => extension.activate({ subscriptions: [] }))
  .catch((error) => {
    activateError = String(error?.stack ?? error);
  });
const deadline = Date.now() + hangGuard(testCase.timeoutMs ?? 15_000);
while (Date.now() < deadline) {
  if (testCase.waitFor && existsSync(testCase.waitFor)) break;
  const settled = await Promise.race([activation.then(() => true), sleep(50).then(() => false)]);
  if (settled && !testCase.waitFor) break;
}
const spawned = testCase.waitFor && existsSync(testCase.waitFor) ? JSON.parse(readFileSync(testCase.waitFor, 'utf8')) : null;
const nonBuiltin = [...requires].filter((name) => name !== 'vscode' && !builtinModules.includes(name.replace(/^node:/, '')));
process.stdout.write(
  `${JSON.stringify({ requires: [...requires].sort(), nonBuiltin, errors, output, spawned, activateError: activateError ?? null, unhandled })}\n`,
);
// The client may be restarting a server that exited: no clean shutdown to wait for.
process.exit(0);
