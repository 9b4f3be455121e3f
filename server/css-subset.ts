/**
 * Cuts a built stylesheet down to the rules a page can use. The stylesheet is parsed once into its
 * rules; a style rule is kept when one of its selectors names only classes found among the page's
 * words (the HTML, and the script files it will run), a rule without a class in its selector (the
 * reset, `html`, `[data-island] …`) is always kept, and an at-rule (`@media`, `@supports`, `@layer`)
 * is kept with the rules kept inside it. Only classes outside parentheses count: `:where(.group)`
 * or `:not(.x)` never make a rule go, so the cut keeps every rule that could match and a few more.
 *
 * Works on the minified, flat output of the Tailwind build (no nesting); anything it cannot read
 * (a brace it cannot match) makes the whole stylesheet be kept.
 */

type Node =
  | { kind: "rule"; text: string; selectors: string[][] }
  | { kind: "block"; prelude: string; children: Node[] }
  | { kind: "other"; text: string }
  /** `@property --x`, `@keyframes x`, `@position-try --x`: kept when the kept rules name it. */
  | { kind: "named"; text: string; name: string }
  /** A rule of custom properties only (the theme's `:root`): each kept when the kept rules name it. */
  | { kind: "vars"; selector: string; declarations: { name: string; text: string }[] };

export interface ParsedStylesheet {
  nodes: Node[];
  /** The stylesheet as given, for when it could not be read. */
  whole: string | null;
}

export function parseStylesheet(css: string): ParsedStylesheet {
  try {
    const source = stripComments(css);
    const [nodes, end] = parseBlock(source, 0);
    if (end !== source.length) throw new Error("unbalanced braces");
    return { nodes, whole: null };
  } catch {
    return { nodes: [], whole: css };
  }
}

/**
 * The rules of `sheet` that can apply to a page whose words are `words`, in their original order;
 * `alsoOnPage` is the page's other CSS, whose use of a variable or keyframes keeps it here too.
 */
export function subsetStylesheet(sheet: ParsedStylesheet, words: ReadonlySet<string>, alsoOnPage = ""): string {
  if (sheet.whole !== null) return sheet.whole;
  // First the rules the page's classes keep; then, until nothing more is added, every custom
  // property and named at-rule that something kept mentions.
  const named: { name: string; text: string }[] = [];
  const declarations: { name: string; text: string }[] = [];
  // `alsoOnPage`: the page's other CSS, which may use this sheet's variables (a route's own file).
  let haystack = emit(sheet.nodes, words, { named, declarations, used: null }) + alsoOnPage;
  const used = new Set<{ name: string; text: string }>();
  for (let grew = true; grew;) {
    grew = false;
    for (const item of [...declarations, ...named]) {
      if (used.has(item) || !mentions(haystack, item.name)) continue;
      used.add(item);
      haystack += item.text;
      grew = true;
    }
  }
  const kept = emit(sheet.nodes, words, { named: [], declarations: [], used });
  return (
    kept +
    named
      .filter((rule) => used.has(rule))
      .map((rule) => rule.text)
      .join("")
  );
}

interface EmitContext {
  named: { name: string; text: string }[];
  declarations: { name: string; text: string }[];
  /** Custom properties to write; null while the first pass gathers them. */
  used: Set<{ name: string; text: string }> | null;
}

/** Whether `css` names `name` as a whole identifier (`--tw-shadow` is not `--tw-shadow-color`). */
function mentions(css: string, name: string): boolean {
  for (let at = css.indexOf(name); at >= 0; at = css.indexOf(name, at + 1)) {
    const after = css[at + name.length];
    const before = css[at - 1];
    if ((after === undefined || !/[\w-]/.test(after)) && (before === undefined || !/[\w-]/.test(before))) return true;
  }
  return false;
}

/** Every word a page could use as a class name: runs of text between spaces and quotes. */
export function collectWords(text: string, into: Set<string> = new Set()): Set<string> {
  for (const raw of text.split(/[\s"'`\\]+/)) {
    if (!raw) continue;
    into.add(raw.includes("&") ? decodeEntities(raw) : raw);
  }
  return into;
}

function emit(nodes: Node[], words: ReadonlySet<string>, context: EmitContext): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "other") out += node.text;
    else if (node.kind === "named") context.named.push(node);
    else if (node.kind === "vars") {
      const { used } = context;
      if (used === null) context.declarations.push(...node.declarations);
      else {
        const kept = node.declarations.filter((declaration) => used.has(declaration));
        if (kept.length > 0) out += `${node.selector}{${kept.map((declaration) => declaration.text).join(";")}}`;
      }
    } else if (node.kind === "rule") {
      if (node.selectors.some((classes) => classes.every((name) => words.has(name)))) out += node.text;
    } else {
      const inner = emit(node.children, words, context);
      // A block left empty is left out (an `@layer a,b;` statement is an "other" and stays).
      if (inner) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

function stripComments(css: string): string {
  let out = "";
  let i = 0;
  while (i < css.length) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const end = skipString(css, i);
      out += css.slice(i, end);
      i = end;
    } else if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      if (end < 0) throw new Error("open comment");
      i = end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function skipString(css: string, start: number): number {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === "\\" ? 2 : 1;
  if (i >= css.length) throw new Error("open string");
  return i + 1;
}

/** Index of the next `{`, `}` or `;` at this level (outside strings and parentheses). */
function nextDelimiter(css: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < css.length) {
    const c = css[i];
    if (c === "\\") i += 2;
    else if (c === '"' || c === "'") i = skipString(css, i);
    else {
      if (c === "(") depth++;
      else if (c === ")") depth--;
      else if (depth === 0 && (c === "{" || c === "}" || c === ";")) return i;
      i++;
    }
  }
  return css.length;
}

/** Parses rules until the closing brace of the current block; returns them and the index after it. */
function parseBlock(css: string, from: number): [Node[], number] {
  const nodes: Node[] = [];
  let i = from;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i]!)) i++;
    if (i >= css.length) break;
    if (css[i] === "}") return [nodes, i];
    const at = nextDelimiter(css, i);
    const delimiter = css[at];
    const prelude = css.slice(i, at).trim();
    if (delimiter === ";" || delimiter === undefined) {
      // A statement (`@layer a,b;`, `@import …;`).
      nodes.push({ kind: "other", text: css.slice(i, at + 1) });
      i = at + 1;
      continue;
    }
    if (delimiter === "}") throw new Error("declaration outside a rule");
    const close = matchingBrace(css, at);
    if (prelude.startsWith("@")) {
      const name = prelude
        .slice(1)
        .split(/[\s({]/, 1)[0]!
        .toLowerCase();
      if (name === "media" || name === "supports" || name === "layer" || name === "container") {
        const [children, end] = parseBlock(css, at + 1);
        if (end !== close) throw new Error("unbalanced block");
        nodes.push({ kind: "block", prelude, children });
      } else if (name === "property" || name === "keyframes" || name === "position-try") {
        nodes.push({ kind: "named", text: css.slice(i, close + 1), name: prelude.slice(name.length + 1).trim() });
      } else {
        // @font-face, @page, @starting-style and the like: kept whole.
        nodes.push({ kind: "other", text: css.slice(i, close + 1) });
      }
    } else {
      const selectors = splitSelectors(prelude).map(requiredClasses);
      const body = css.slice(at + 1, close);
      const declarations = splitDeclarations(body);
      if (selectors.every((classes) => classes.length === 0) && declarations.every((d) => d.startsWith("--"))) {
        nodes.push({
          kind: "vars",
          selector: prelude,
          declarations: declarations.map((text) => ({ name: text.slice(0, text.indexOf(":")).trim(), text })),
        });
      } else nodes.push({ kind: "rule", text: css.slice(i, close + 1), selectors });
    }
    i = close + 1;
  }
  return [nodes, i];
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < css.length) {
    const c = css[i];
    if (c === "\\") i += 2;
    else if (c === '"' || c === "'") i = skipString(css, i);
    else {
      if (c === "{") depth++;
      else if (c === "}" && --depth === 0) return i;
      i++;
    }
  }
  throw new Error("unclosed block");
}

function splitDeclarations(body: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let at = nextDelimiter(body, 0); at < body.length; at = nextDelimiter(body, start)) {
    if (body[at] !== ";") return [body];
    parts.push(body.slice(start, at).trim());
    start = at + 1;
  }
  parts.push(body.slice(start).trim());
  return parts.filter(Boolean);
}

function splitSelectors(selectorList: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectorList.length; i++) {
    const c = selectorList[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = skipString(selectorList, i) - 1;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(selectorList.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selectorList.slice(start));
  return parts;
}

/** The class names a selector needs on the page, read outside parentheses and attribute brackets. */
export function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = skipString(selector, i) - 1;
    else if (c === ":" && depth === 0 && /^:(?:is|where|has)\(/.test(selector.slice(i, i + 7))) {
      // `:is(a)`, `:where(a)` and `:has(a)` with one selector need what `a` needs (Tailwind writes
      // `space-y-4` as `:where(.space-y-4>…)` and `group-hover` as `:is(:where(.group):hover *)`).
      const open = selector.indexOf("(", i);
      const close = closingParen(selector, open);
      const inner = selector.slice(open + 1, close);
      if (splitSelectors(inner).length === 1) classes.push(...requiredClasses(inner));
      i = close;
    } else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "." && depth === 0) {
      let name = "";
      let j = i + 1;
      while (j < selector.length) {
        const d = selector[j]!;
        if (d === "\\") {
          const escaped = readEscape(selector, j);
          name += escaped.char;
          j = escaped.end;
        } else if (/[\s.#:[\]()>+~,*|]/.test(d)) break;
        else {
          name += d;
          j++;
        }
      }
      if (name) classes.push(name);
      i = j - 1;
    }
  }
  return classes;
}

function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = skipString(text, i) - 1;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return text.length;
}

/** A CSS escape at `at` (`\:` or `\31 `): the character it stands for and the index after it. */
function readEscape(text: string, at: number): { char: string; end: number } {
  const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(text.slice(at + 1, at + 8));
  if (hex) return { char: String.fromCodePoint(parseInt(hex[0].trim(), 16)), end: at + 1 + hex[0].length };
  return { char: text[at + 1] ?? "", end: at + 2 };
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower === "amp") return "&";
    if (lower === "lt") return "<";
    if (lower === "gt") return ">";
    if (lower === "quot") return '"';
    if (lower === "apos") return "'";
    return String.fromCodePoint(lower.startsWith("#x") ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10));
  });
}

/** Every style rule of a stylesheet with the at-rules around it (`@layer utilities @media (…) .a{…}`). */
export function listRules(css: string): string[] {
  const sheet = parseStylesheet(css);
  const rules: string[] = [];
  const walk = (nodes: Node[], context: string) => {
    for (const node of nodes) {
      if (node.kind === "rule") rules.push(`${context}${node.text}`);
      else if (node.kind === "block") walk(node.children, `${context}${node.prelude} `);
    }
  };
  walk(sheet.nodes, "");
  return rules;
}
