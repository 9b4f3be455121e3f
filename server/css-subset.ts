/**
 * Cuts a built stylesheet down to the rules a page can use. The stylesheet is parsed once into its
 * rules; a style rule is kept when one of its selectors names only classes and elements found among
 * the page's words (the HTML, and the script files it will run): the reset's `table{…}` goes from a
 * page without a table, a rule naming neither (`:root`, `[data-island] [data-tapped]`) is always
 * kept, and an at-rule (`@media`, `@supports`, `@layer`) is kept with the rules kept inside it. Only
 * names outside parentheses count: `:where(.group)` or `:not(.x)` never make a rule go, so the cut
 * keeps every rule that could match and a few more.
 *
 * Works on the minified, flat output of the Tailwind build (no nesting); anything it cannot read
 * (a brace it cannot match) makes the whole stylesheet be kept.
 */

/** A custom property, `@property`, `@keyframes` or `@position-try`: kept when something kept names it. */
interface Named {
  name: string;
  text: string;
  /** The identifiers its text names (a variable may use another, keyframes a variable). */
  idents: readonly string[];
}

type Node =
  | { kind: "rule"; text: string; selectors: string[][]; idents: readonly string[] }
  | { kind: "block"; prelude: string; children: Node[] }
  | { kind: "other"; text: string; idents: readonly string[] }
  | ({ kind: "named" } & Named)
  /** A rule of custom properties only (the theme's `:root`): each kept when something kept names it. */
  | { kind: "vars"; selector: string; declarations: Named[] };

export interface ParsedStylesheet {
  nodes: Node[];
  /** The stylesheet as given, for when it could not be read. */
  whole: string | null;
  /** Cuts already made, by the rules they keep: most page views repeat one. */
  cuts: Map<string, string>;
}

/** The page's words; a union of sets (the page's own, each script file's) needs no copying. */
export interface Words {
  has(word: string): boolean;
}

const MAX_CACHED_CUTS = 500;

export function parseStylesheet(css: string): ParsedStylesheet {
  try {
    const source = stripComments(css);
    const [nodes, end] = parseBlock(source, 0);
    if (end !== source.length) throw new Error("unbalanced braces");
    return { nodes, whole: null, cuts: new Map() };
  } catch {
    return { nodes: [], whole: css, cuts: new Map() };
  }
}

/**
 * The rules of `sheet` that can apply to a page whose words are `words`, in their original order;
 * `alsoOnPage` is the page's other CSS, whose use of a variable or keyframes keeps it here too.
 */
export function subsetStylesheet(sheet: ParsedStylesheet, words: Words, alsoOnPage = ""): string {
  if (sheet.whole !== null) return sheet.whole;
  // First the rules the page's classes keep, and the identifiers they name.
  const keptRules = new Set<Node>();
  const candidates: Named[] = [];
  const named: Named[] = [];
  const seen = new Set<string>(identifiers(alsoOnPage));
  let signature = "";
  let index = 0;
  const visit = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.kind === "other") node.idents.forEach((ident) => seen.add(ident));
      else if (node.kind === "named") {
        named.push(node);
        candidates.push(node);
      } else if (node.kind === "vars") candidates.push(...node.declarations);
      else if (node.kind === "block") visit(node.children);
      else {
        index += 1;
        if (!node.selectors.some((classes) => classes.every((name) => words.has(name)))) continue;
        keptRules.add(node);
        signature += `${index},`;
        node.idents.forEach((ident) => seen.add(ident));
      }
    }
  };
  visit(sheet.nodes);
  const key = `${signature}|${alsoOnPage}`;
  const cached = sheet.cuts.get(key);
  if (cached !== undefined) return cached;
  // Then, until nothing more is added, every custom property and named at-rule that something kept names.
  const used = new Set<Named>();
  for (let grew = true; grew;) {
    grew = false;
    for (const item of candidates) {
      if (used.has(item) || !seen.has(item.name)) continue;
      used.add(item);
      item.idents.forEach((ident) => seen.add(ident));
      grew = true;
    }
  }
  const cut =
    emit(sheet.nodes, keptRules, used) +
    named
      .filter((rule) => used.has(rule))
      .map((rule) => rule.text)
      .join("");
  if (sheet.cuts.size >= MAX_CACHED_CUTS) sheet.cuts.clear();
  sheet.cuts.set(key, cut);
  return cut;
}

/** The identifiers a piece of CSS names: `--tw-shadow` in `var(--tw-shadow)`, `spin` in `spin 1s`. */
function identifiers(css: string): string[] {
  return css.match(/--[\w-]+|[A-Za-z_][\w-]*/g) ?? [];
}

/**
 * Every word a page could use as a class name (runs of text between spaces and quotes) or as an
 * element (a tag, `<code`; a script's `createElement("code")` gives the word itself).
 */
export function collectWords(text: string, into: Set<string> = new Set()): Set<string> {
  for (const raw of text.split(/[\s"'`\\]+/)) {
    if (!raw) continue;
    into.add(raw.includes("&") ? decodeEntities(raw) : raw);
  }
  for (const tag of text.matchAll(/<([a-z][\w-]*)/gi)) into.add(tag[1]!.toLowerCase());
  const inputTypes = new Set(Array.from(text.matchAll(INPUT_TYPE), (match) => match[1]!.toLowerCase()));
  for (const [pseudo, types] of INPUT_PSEUDO_ELEMENTS) if (types.some((type) => inputTypes.has(type))) into.add(pseudo);
  return into;
}

/**
 * Pseudo-elements that only inputs of some types have, with those types: the reset styles the
 * date fields, spin buttons, search decoration and file button of every page, and a page that sets
 * none of the types (`type="date"` in HTML, `type:"date"` or `.type="date"` in a script) has none
 * of these parts. The word "date" in a page's text does not count.
 */
const INPUT_TYPE = /\btype\s*[:=]\s*["'`]?([\w-]+)/gi;
const INPUT_PSEUDO_ELEMENTS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["::-webkit-datetime-edit", ["date", "time", "datetime-local", "month", "week"]],
  ["::-webkit-inner-spin-button", ["number", "date", "time", "datetime-local", "month", "week"]],
  ["::-webkit-search-decoration", ["search"]],
  ["::file-selector-button", ["file"]],
];

/** The pseudo-element of INPUT_PSEUDO_ELEMENTS a selector's `::x` stands for, if any. */
function inputPseudoElement(name: string): string | undefined {
  if (/^::-webkit-(?:datetime-edit|date-and-time-value)/.test(name)) return "::-webkit-datetime-edit";
  if (/^::-webkit-(?:inner|outer)-spin-button$/.test(name)) return "::-webkit-inner-spin-button";
  if (/^::-webkit-search-(?:decoration|cancel-button|results-button|results-decoration)$/.test(name))
    return "::-webkit-search-decoration";
  if (name === "::file-selector-button" || name === "::-webkit-file-upload-button") return "::file-selector-button";
  return undefined;
}

function emit(nodes: Node[], keptRules: ReadonlySet<Node>, used: ReadonlySet<Named>): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "other") out += node.text;
    else if (node.kind === "vars") {
      const kept = node.declarations.filter((declaration) => used.has(declaration));
      if (kept.length > 0) out += `${node.selector}{${kept.map((declaration) => declaration.text).join(";")}}`;
    } else if (node.kind === "rule") {
      if (keptRules.has(node)) out += node.text;
    } else if (node.kind === "block") {
      const inner = emit(node.children, keptRules, used);
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
      const text = css.slice(i, at + 1);
      nodes.push({ kind: "other", text, idents: identifiers(text) });
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
        const text = css.slice(i, close + 1);
        nodes.push({ kind: "named", text, name: prelude.slice(name.length + 1).trim(), idents: identifiers(text) });
      } else {
        // @font-face, @page, @starting-style and the like: kept whole.
        const text = css.slice(i, close + 1);
        nodes.push({ kind: "other", text, idents: identifiers(text) });
      }
    } else {
      const selectors = splitSelectors(prelude).map(requiredNames);
      const body = css.slice(at + 1, close);
      const declarations = splitDeclarations(body);
      if (selectors.every((classes) => classes.length === 0) && declarations.every((d) => d.startsWith("--"))) {
        nodes.push({
          kind: "vars",
          selector: prelude,
          declarations: declarations.map((text) => {
            const colon = text.indexOf(":");
            return { name: text.slice(0, colon).trim(), text, idents: identifiers(text.slice(colon + 1)) };
          }),
        });
      } else {
        const text = css.slice(i, close + 1);
        nodes.push({ kind: "rule", text, selectors, idents: identifiers(css.slice(at + 1, close)) });
      }
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

/**
 * The class names and element names a selector needs on the page, read outside parentheses and
 * attribute brackets: `.a b:hover` needs the class `a` and a `<b>` element.
 */
export function requiredNames(selector: string): string[] {
  const classes: string[] = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (depth === 0 && /[a-z]/i.test(c!) && (i === 0 || /[\s>+~]/.test(selector[i - 1]!))) {
      // An element name: it starts the selector or follows a combinator.
      const name = /^[a-z][\w-]*/i.exec(selector.slice(i))![0];
      classes.push(name.toLowerCase());
      i += name.length - 1;
    } else if (c === "\\") i++;
    else if (c === '"' || c === "'") i = skipString(selector, i) - 1;
    else if (c === ":" && depth === 0 && selector[i + 1] === ":") {
      const name = /^::[\w-]+/.exec(selector.slice(i))?.[0] ?? "::";
      const pseudo = inputPseudoElement(name);
      if (pseudo) classes.push(pseudo);
      i += name.length - 1;
    } else if (c === ":" && depth === 0 && /^:(?:is|where|has)\(/.test(selector.slice(i, i + 7))) {
      // `:is(a)`, `:where(a)` and `:has(a)` with one selector need what `a` needs (Tailwind writes
      // `space-y-4` as `:where(.space-y-4>…)` and `group-hover` as `:is(:where(.group):hover *)`).
      const open = selector.indexOf("(", i);
      const close = closingParen(selector, open);
      const inner = selector.slice(open + 1, close);
      if (splitSelectors(inner).length === 1) classes.push(...requiredNames(inner));
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
