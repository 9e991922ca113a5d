/**
 * The platform's own model of `navigation`, read from its validator's zod schemas
 * (@mintlify/validation, the copy @mintlify/prebuild installed into bench/.prebuild): every kind of
 * element, the key that names it, every other field it admits (with a descriptor of the value the
 * schema takes) and every child array it admits with the kinds of element each holds. The
 * generator (generate.mjs) draws sites from this model, so a field or a nesting the platform adds
 * is generated without a change here, and a field the generator never wrote is a coverage gap
 * (`coverageGaps`).
 *
 * The walk: the navigation root is a union of objects (one per primary pattern); each object's
 * keys are either child arrays (an array whose items are objects with a required non-empty string
 * key, the element's name: `group`, `tab`, `item`, …; `pages` holds strings and groups) or fields.
 * Unions, lazies, effects, optionals, defaults and catches are looked through; a key's descriptor
 * is the union of what every variant of the element says of it. Entries of `global`'s arrays are
 * kinds of their own (`global-tab`, …): their schemas are the non-recursive ones.
 */

/** Wrappers whose inner schema is what the value must be. */
const WRAPPERS = new Set(['ZodOptional', 'ZodNullable', 'ZodDefault', 'ZodCatch', 'ZodBranded', 'ZodReadonly', 'ZodPipeline']);

/** The schema under wrappers, lazies and effects (a transform or refine keeps its input schema). */
function unwrap(schema) {
  for (let s = schema; ;) {
    const type = s._def.typeName;
    if (WRAPPERS.has(type)) s = type === 'ZodPipeline' ? s._def.in : s._def.innerType;
    else if (type === 'ZodLazy') s = s._def.getter();
    else if (type === 'ZodEffects') s = s._def.schema;
    else return s;
  }
}

/** Whether a schema passes `undefined` (an optional key), looking through the same wrappers. */
function isOptional(schema) {
  for (let s = schema; ;) {
    const type = s._def.typeName;
    if (type === 'ZodOptional' || type === 'ZodDefault' || type === 'ZodCatch') return true;
    if (type === 'ZodNever' || type === 'ZodUndefined') return type === 'ZodUndefined';
    if (type === 'ZodNullable' || type === 'ZodBranded' || type === 'ZodReadonly') s = s._def.innerType;
    else if (type === 'ZodLazy') s = s._def.getter();
    else if (type === 'ZodEffects') s = s._def.schema;
    else return false;
  }
}

/** Whether a schema drops a wrong value instead of failing (`.catch(undefined)`: the platform's `silentlyDropInvalid`). */
function isCaught(schema) {
  for (let s = schema; ;) {
    const type = s._def.typeName;
    if (type === 'ZodCatch') return true;
    if (WRAPPERS.has(type) && type !== 'ZodPipeline') s = s._def.innerType;
    else if (type === 'ZodLazy') s = s._def.getter();
    else return false;
  }
}

/** The object variants of a schema (a union or intersection flattened). */
function objectVariants(schema) {
  const s = unwrap(schema);
  const type = s._def.typeName;
  if (type === 'ZodUnion' || type === 'ZodDiscriminatedUnion') return [...s._def.options].flatMap(objectVariants);
  if (type === 'ZodIntersection') return [...objectVariants(s._def.left), ...objectVariants(s._def.right)];
  return type === 'ZodObject' ? [s] : [];
}

/** Every non-object alternative of a schema (strings of a `pages` union). */
function otherVariants(schema) {
  const s = unwrap(schema);
  const type = s._def.typeName;
  if (type === 'ZodUnion') return [...s._def.options].flatMap(otherVariants);
  return type === 'ZodObject' ? [] : [s];
}

/** A string schema's minimum length (`nonempty()` is 1). */
function minLength(string) {
  return Math.max(0, ...(string._def.checks ?? []).filter((check) => check.kind === 'min' || check.kind === 'length').map((check) => check.value));
}

/**
 * What a value schema takes, as plain data: `{ type, … }` with `type` one of string, number,
 * boolean, enum (values), literal (value), object (shape, strict), array (items, min), record,
 * union (options), never, unknown; `refined` when an effect (a refine or transform) checks more than
 * the type says; `catches` when a wrong value is dropped rather than failing.
 */
function describe(schema, depth = 0) {
  const s = unwrap(schema);
  const base = {};
  if (schema._def.typeName === 'ZodEffects' || s !== schema) {
    for (let t = schema; t !== s; t = t._def.innerType ?? t._def.schema ?? (t._def.getter ? t._def.getter() : s)) {
      if (t._def.typeName === 'ZodEffects') base.refined = true;
      if (t._def.typeName === 'ZodCatch') base.catches = true;
      if (!t._def) break;
    }
  }
  const type = s._def.typeName;
  if (depth > 6) return { ...base, type: 'unknown' };
  switch (type) {
    case 'ZodString':
      return { ...base, type: 'string', min: minLength(s) };
    case 'ZodNumber':
      return { ...base, type: 'number' };
    case 'ZodBoolean':
      return { ...base, type: 'boolean' };
    case 'ZodEnum':
      return { ...base, type: 'enum', values: [...s._def.values] };
    case 'ZodNativeEnum':
      return { ...base, type: 'enum', values: Object.values(s._def.values) };
    case 'ZodLiteral':
      return { ...base, type: 'literal', value: s._def.value };
    case 'ZodNever':
      return { ...base, type: 'never' };
    case 'ZodArray':
      return { ...base, type: 'array', items: describe(s._def.type, depth + 1), min: s._def.minLength?.value ?? 0 };
    case 'ZodRecord':
      return { ...base, type: 'record', values: describe(s._def.valueType, depth + 1) };
    case 'ZodObject':
      return {
        ...base,
        type: 'object',
        strict: s._def.unknownKeys === 'strict',
        shape: Object.fromEntries(Object.entries(s.shape).map(([key, value]) => [key, { optional: isOptional(value), ...describe(value, depth + 1) }])),
      };
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      return { ...base, type: 'union', options: [...s._def.options].map((option) => describe(option, depth + 1)) };
    case 'ZodIntersection':
      return { ...base, type: 'union', options: [describe(s._def.left, depth + 1), describe(s._def.right, depth + 1)], all: true };
    default:
      return { ...base, type: 'unknown', zod: type };
  }
}

/** The key naming the elements of an array of objects: a required non-empty string key every variant has. */
function nameKeyOf(variants) {
  if (variants.length === 0) return undefined;
  const candidates = Object.keys(variants[0].shape).filter((key) =>
    variants.every((variant) => {
      const value = variant.shape[key];
      if (!value || isOptional(value)) return false;
      const inner = unwrap(value);
      return (inner._def.typeName === 'ZodString' && minLength(inner) >= 1) || inner._def.typeName === 'ZodEnum';
    }),
  );
  return candidates[0];
}

/**
 * The model: `{ elements: { [kind]: { name, nameValues?, fields: { [field]: descriptor }, children: { [key]: kinds[] }, variants } } }`.
 * `kind` is the name key (`tab`, `group`, `item`, …), `navigation` for the root, `global` and
 * `global-<name>` for global's. `variants`: the child keys of each variant of the element's union
 * (which children it admits one at a time), for the generator's choice.
 */
export function platformModel(validation) {
  const elements = {};
  const visit = (kind, variants, globalContext) => {
    if (elements[kind]) return;
    const element = {
      name: undefined,
      nameValues: undefined,
      fields: {},
      children: {},
      variants: [],
      strict: variants.some((v) => v._def.unknownKeys === 'strict'),
    };
    elements[kind] = element;
    const nameKey = kind === 'navigation' || kind === 'global' ? undefined : nameKeyOf(variants);
    if (nameKey) {
      element.name = nameKey;
      const inner = unwrap(variants[0].shape[nameKey]);
      if (inner._def.typeName === 'ZodEnum') element.nameValues = [...inner._def.values];
    }
    const later = [];
    for (const variant of variants) {
      const childKeys = [];
      for (const [key, value] of Object.entries(variant.shape)) {
        if (key === nameKey) continue;
        const inner = unwrap(value);
        if (inner._def.typeName === 'ZodArray') {
          const items = inner._def.type;
          const objects = objectVariants(items);
          const itemName = nameKeyOf(objects);
          const strings = otherVariants(items).filter((s) => s._def.typeName === 'ZodString');
          if (itemName || (objects.length > 0 && strings.length > 0)) {
            // A child array: its items are elements (and, for `pages`, page strings beside groups).
            const childKind = kind === 'global' ? `global-${itemName}` : itemName;
            const kinds = [...(strings.length > 0 ? ['page'] : []), ...(itemName ? [childKind] : [])];
            element.children[key] = [...new Set([...(element.children[key] ?? []), ...kinds])];
            childKeys.push(key);
            if (itemName) later.push([childKind, objects]);
            continue;
          }
        }
        const descriptor = { optional: isOptional(value), catches: isCaught(value), ...describe(value) };
        const known = element.fields[key];
        if (!known) element.fields[key] = { ...descriptor, forms: [descriptor] };
        else if (!known.forms.some((form) => JSON.stringify(form) === JSON.stringify(descriptor))) known.forms.push(descriptor);
      }
      element.variants.push(childKeys);
    }
    // `global` is an object field of most elements: walk its arrays as elements of their own.
    for (const [field, descriptor] of Object.entries(element.fields)) {
      if (field === 'global' && !elements.global) {
        const schema = variants.map((v) => v.shape.global).find(Boolean);
        visit('global', objectVariants(schema), true);
        descriptor.element = 'global';
      }
    }
    for (const [childKind, objects] of later) visit(childKind, objects, globalContext);
  };
  visit('navigation', objectVariants(validation.navigationSchema), false);
  return { elements };
}

/** Every `kind.field` and `kind>child` the model admits: what the generator should write at least once. */
export function coverageTargets(model) {
  const targets = [];
  for (const [kind, element] of Object.entries(model.elements)) {
    for (const field of Object.keys(element.fields)) targets.push(`${kind}.${field}`);
    for (const [key, kinds] of Object.entries(element.children)) for (const child of kinds) targets.push(`${kind}>${key}:${child}`);
  }
  return targets.sort();
}

/** The targets never written (`written`: a set of the same strings, as the generator records them). */
export function coverageGaps(model, written) {
  return coverageTargets(model).filter((target) => !written.has(target));
}
