/**
 * JavaScript source of the few helpers Ajv's standalone code calls at run time.
 *
 * Ajv emits `require("ajv/dist/runtime/…")` for them and a reference to a formats
 * object for function formats. Each generated validator module gets the helpers it
 * uses written into it instead, so a module has no imports at all: it runs the
 * same in webpack, in Node (tests) and in a Web Worker, and nothing of Ajv reaches
 * the browser. The helpers are plain functions (no `eval`, no `new Function`).
 *
 * The strings are written here, not produced with `Function.prototype.toString`,
 * so that what ships is exactly what is reviewed.
 */

/** Name the generated code uses for the formats object (Ajv's `code.formats`). */
export const FORMATS_IDENTIFIER = '__apiRefFormats';

/** Ajv's runtime helper modules we can replace, and the identifier + source replacing each. */
export const RUNTIME_HELPERS: Readonly<Record<string, {identifier: string; source: string}>> = {
  'require("ajv/dist/runtime/ucs2length").default': {
    identifier: '__apiRefUcs2length',
    // JSON Schema lengths count code points: a surrogate pair is one character.
    source: `function __apiRefUcs2length(str) {
  var length = 0;
  for (var i = 0; i < str.length; i++) {
    length++;
    var code = str.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < str.length) {
      var next = str.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return length;
}`,
  },
  'require("ajv/dist/runtime/equal").default': {
    identifier: '__apiRefEqual',
    // Deep equality of JSON values (const, enum and uniqueItems on objects and arrays).
    source: `function __apiRefEqual(a, b) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a !== a && b !== b;
  var aIsArray = Array.isArray(a);
  if (aIsArray !== Array.isArray(b)) return false;
  if (aIsArray) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (!__apiRefEqual(a[i], b[i])) return false;
    return true;
  }
  var keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (var k = 0; k < keys.length; k++) {
    var key = keys[k];
    if (!Object.prototype.hasOwnProperty.call(b, key) || !__apiRefEqual(a[key], b[key])) return false;
  }
  return true;
}`,
  },
};

const DATE_SOURCE = `function (str) {
    var m = /^(\\d{4})-(\\d{2})-(\\d{2})$/.exec(str);
    if (!m) return false;
    var year = +m[1], month = +m[2], day = +m[3];
    if (month < 1 || month > 12 || day < 1) return false;
    var leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    var days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
    return day <= days;
  }`;

/** RFC 3339 time; the zone is required unless `zoneOptional` (the "iso-" formats). */
function timeSource(zoneOptional: boolean): string {
  return `function (str) {
    var m = /^(\\d{2}):(\\d{2}):(\\d{2})(\\.\\d+)?(z|([+-])(\\d{2}):?(\\d{2}))${zoneOptional ? '?' : ''}$/i.exec(str);
    if (!m) return false;
    var hour = +m[1], minute = +m[2], second = +m[3];
    var sign = m[6] === "-" ? -1 : 1, zoneHour = m[7] ? +m[7] : 0, zoneMinute = m[8] ? +m[8] : 0;
    if (hour > 23 || minute > 59 || second > 60 || zoneHour > 23 || zoneMinute > 59) return false;
    if (second < 60) return true;
    var utcMinutes = hour * 60 + minute - sign * (zoneHour * 60 + zoneMinute);
    return ((utcMinutes % 1440) + 1440) % 1440 === 1439;
  }`;
}

function dateTimeSource(zoneOptional: boolean): string {
  return `{validate: function (str) {
    var parts = str.split(/t|\\s/i);
    return parts.length === 2 && (${DATE_SOURCE})(parts[0]) && (${timeSource(zoneOptional)})(parts[1]);
  }}`;
}

/**
 * Function formats (ajv-formats' full set), in the shape Ajv compiled against:
 * `{validate}` objects for the ones ajv-formats defines as objects, bare functions
 * for the others. Regular-expression formats are emitted by Ajv itself as literals.
 */
export const FORMAT_SOURCES: Readonly<Record<string, {shape: 'object' | 'function'; source: string}>> = {
  date: {shape: 'object', source: `{validate: ${DATE_SOURCE}}`},
  time: {shape: 'object', source: `{validate: ${timeSource(false)}}`},
  'iso-time': {shape: 'object', source: `{validate: ${timeSource(true)}}`},
  'date-time': {shape: 'object', source: dateTimeSource(false)},
  'iso-date-time': {shape: 'object', source: dateTimeSource(true)},
  uri: {
    shape: 'function',
    source: `function (str) {
    return /^[a-z][a-z0-9+.-]*:(?:[a-z0-9\\-._~!$&'()*+,;=:@/?#[\\]]|%[0-9a-f]{2})*$/i.test(str);
  }`,
  },
  regex: {
    shape: 'function',
    source: `function (str) {
    if (/[^\\\\]\\\\Z/.test(str)) return false;
    try { new RegExp(str); return true; } catch (e) { return false; }
  }`,
  },
  byte: {
    shape: 'function',
    source: `function (str) {
    return /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(str);
  }`,
  },
  int32: {
    shape: 'object',
    source: `{type: "number", validate: function (n) { return Number.isInteger(n) && n >= -2147483648 && n <= 2147483647; }}`,
  },
  int64: {
    shape: 'object',
    source: `{type: "number", validate: function (n) { return Number.isInteger(n); }}`,
  },
  float: {shape: 'object', source: `{type: "number", validate: function () { return true; }}`},
  double: {shape: 'object', source: `{type: "number", validate: function () { return true; }}`},
};
