/* What every JavaScript module of the target shares: loading its WebAssembly module (a variant's engine or a match
   format's), checking the interface's version, and the IllegalMove it throws. Each module's template puts SPEC (the
   variant's or the format's data, with its name) and ABI (the interface's numbering, with its version) before this
   section, and its own section after it, which defines setUp(exports): the buffers its calls use, kept as
   `engine`. Read as text, never run alone. */

//###{standalone loader
/** A move, deal, table, record, save or score the rules (or this interface) do not allow now; nothing is changed. */
export class IllegalMove extends Error {
  constructor(message) {
    super(message);
    this.name = "IllegalMove";
  }
}

let engine = null; // the instance's exports and buffers, once loaded
let loading = null;

/** Load the module's WebAssembly: by default the .wasm file of this module's name beside it (read from disk in
    Node, fetched in a browser); or from source: its bytes, a URL, a fetch Response or a compiled WebAssembly.Module
    (a bundler that renames this module is given the .wasm's URL so). */
export function load(source) {
  if (engine) return Promise.resolve(SPEC);
  if (!loading) {
    loading = instantiate(source).then(
      (instance) => {
        start(instance);
        return SPEC;
      },
      (error) => {
        loading = null; // a failed load may be tried again
        throw error;
      },
    );
  }
  return loading;
}

/** Load the module at once from its bytes (or a compiled WebAssembly.Module), where no promise can be awaited. */
export function loadSync(bytes) {
  if (!engine) {
    const module = bytes instanceof WebAssembly.Module ? bytes : new WebAssembly.Module(bytes);
    start(new WebAssembly.Instance(module, {}));
  }
  return SPEC;
}

async function instantiate(source) {
  let bytes = await source;
  if (bytes instanceof WebAssembly.Module) return WebAssembly.instantiate(bytes, {});
  if (bytes === undefined || typeof bytes === "string" || bytes instanceof URL) {
    const url = bytes === undefined ? besideThis() : new URL(bytes, import.meta.url);
    if (url.protocol === "file:" && typeof process === "object" && process.versions && process.versions.node) {
      const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ "node:fs/promises");
      bytes = await fs.readFile(url);
    } else {
      bytes = await fetch(url);
    }
  }
  const buffer = bytes instanceof ArrayBuffer || ArrayBuffer.isView(bytes);
  if (!buffer && typeof Response === "function" && bytes instanceof Response) { // Node loads fetch only if asked
    if (!bytes.ok) throw new Error(`cannot load the ${SPEC.name} engine from ${bytes.url}: HTTP ${bytes.status}`);
    bytes = await bytes.arrayBuffer();
  }
  return (await WebAssembly.instantiate(bytes, {})).instance;
}

function besideThis() { // this module's URL, its .js (or .mjs) made .wasm
  const url = new URL(import.meta.url);
  url.search = url.hash = "";
  url.pathname = url.pathname.replace(/\.m?js$/, "") + ".wasm";
  return url;
}

function start(instance) {
  const x = instance.exports;
  if (typeof x._initialize === "function") x._initialize(); // a reactor: its C constructors, once
  const version = x.ds_abi_version();
  if (version !== ABI.version) {
    throw new Error(`the ${SPEC.name} WebAssembly module speaks version ${version} of the engine interface, not ` +
      `${ABI.version}: use the .js and .wasm that one compile wrote together`);
  }
  engine = setUp(x);
}

function need() {
  if (!engine) throw new Error(`the ${SPEC.name} engine is not loaded: await load() (or call loadSync(bytes)) first`);
}

// Views of the module's memory are made after every call: a call that grows the memory detaches the old ones.
function bytesAt(at, length) {
  return new Uint8Array(engine.x.memory.buffer, at, length);
}

function brief(value) {
  let text;
  try {
    text = typeof value === "bigint" ? `${value}n` : JSON.stringify(value);
  } catch {
    text = undefined;
  }
  text = text === undefined ? String(value) : text;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
//###}
