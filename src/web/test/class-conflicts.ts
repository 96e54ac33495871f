/**
 * Which Tailwind classes in one class list set the same CSS property (under the same variants). `cn`
 * does not merge classes, so in such a pair the stylesheet's order wins, not the caller: the pair is a bug.
 *
 * The table covers the utilities this app uses; a class it does not know sets no property here. A
 * shorthand beside its longhand (`p-5 pt-0`, `px-4 pl-10`) is not a conflict: Tailwind emits the shorthand
 * first, so the longhand wins as written. `size-*` is the exception: it sets width and height at once.
 */

const SIZES = "xs|sm|base|lg|xl|[2-9]xl";
const SIDES = "(?:-(?:x|y|t|r|b|l|s|e|tl|tr|br|bl|ss|se|es|ee))?";

/** [pattern on the utility (variants and `!`, `-` stripped), the properties it sets]. First match wins. */
const TABLE: [RegExp, (match: RegExpMatchArray) => string[]][] = [
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table|flow-root)$/, () => ["display"]],
  [/^(static|fixed|absolute|relative|sticky)$/, () => ["position"]],
  [/^sr-only$|^not-sr-only$/, () => ["sr-only"]],
  [/^size-/, () => ["width", "height"]],
  [/^w-/, () => ["width"]],
  [/^h-/, () => ["height"]],
  [/^(min-w|min-h|max-w|max-h)-/, (m) => [m[1]!]],
  [/^(p|px|py|pt|pr|pb|pl|ps|pe|m|mx|my|mt|mr|mb|ml|ms|me|gap-x|gap-y|gap|inset-x|inset-y|inset|top|right|bottom|left|z|order|opacity|leading|tracking|cursor|whitespace|aspect|basis|grow|shrink|columns|space-x|space-y|translate-x|translate-y|rotate|scale|duration|ease|delay|animate|line-clamp|decoration|underline-offset|outline-offset|ring-offset|divide-x|divide-y)(?:-|$)/, (m) => [m[1]!]],
  [/^(items|justify|self|content|place-items|place-content|place-self|justify-items|justify-self)-/, (m) => [m[1]!]],
  [/^grid-(flow|cols|rows)-/, (m) => [`grid-${m[1]}`]],
  [/^(col|row)-(span|start|end)-/, (m) => [`${m[1]}-${m[2]}`]],
  [/^flex-(row|col|row-reverse|col-reverse)$/, () => ["flex-direction"]],
  [/^flex-(wrap|nowrap|wrap-reverse)$/, () => ["flex-wrap"]],
  [/^flex-/, () => ["flex"]],
  [/^overflow(-x|-y)?-/, (m) => [`overflow${m[1] ?? ""}`]],
  [/^text-(left|center|right|justify|start|end)$/, () => ["text-align"]],
  [/^text-(wrap|nowrap|balance|pretty)$/, () => ["text-wrap"]],
  [/^text-(ellipsis|clip)$/, () => ["text-overflow"]],
  [new RegExp(`^text-(${SIZES}|\\[[\\d.]+(px|rem|em)\\])$`), () => ["font-size"]],
  [/^text-/, () => ["color"]],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, () => ["font-weight"]],
  [/^font-(sans|serif|mono)$/, () => ["font-family"]],
  [/^bg-(gradient|linear|radial|conic)-/, () => ["background-image"]],
  [/^bg-(cover|contain|auto)$/, () => ["background-size"]],
  [/^bg-(no-repeat|repeat|repeat-x|repeat-y)$/, () => ["background-repeat"]],
  [/^bg-(center|top|bottom|left|right)/, () => ["background-position"]],
  [/^bg-clip-/, () => ["background-clip"]],
  [/^bg-/, () => ["background-color"]],
  [/^border-(solid|dashed|dotted|double|none|hidden)$/, () => ["border-style"]],
  [new RegExp(`^border(${SIDES})(-\\d+|-\\[[^\\]]+px\\])?$`), (m) => [`border-width${m[1] ?? ""}`]],
  [/^border(-[xytrbl])?-/, (m) => [`border-color${m[1] ?? ""}`]],
  [new RegExp(`^rounded(${SIDES})(-|$)`), (m) => [`rounded${m[1] ?? ""}`]],
  [new RegExp(`^shadow(-(none|${SIZES}|inner))?$`), () => ["box-shadow"]],
  [/^shadow-/, () => ["shadow-color"]],
  [/^ring(-\d+)?$/, () => ["ring-width"]],
  [/^ring-/, () => ["ring-color"]],
  [/^outline(-\d+)?$/, () => ["outline-width"]],
  [/^outline-(none|hidden|solid|dashed|dotted|double)$/, () => ["outline-style"]],
  [/^outline-/, () => ["outline-color"]],
  [/^object-(cover|contain|fill|none|scale-down)$/, () => ["object-fit"]],
  [/^(transition)(-|$)/, () => ["transition"]],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, () => ["text-transform"]],
  [/^(underline|no-underline|line-through|overline)$/, () => ["text-decoration-line"]],
  [/^(truncate)$/, () => ["truncate"]],
  [/^(visible|invisible|collapse)$/, () => ["visibility"]],
  [/^(pointer-events)-/, () => ["pointer-events"]],
  [/^(appearance)-/, () => ["appearance"]],
  [/^(break)-(words|all|keep|normal)$/, () => ["word-break"]],
];

/** The variant prefix (`hover:`, `sm:`, `[&_svg]:`) and the utility of one class. */
function split(className: string): { variants: string; utility: string } {
  let depth = 0;
  let last = -1;
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) last = index;
  }
  const utility = className.slice(last + 1).replace(/^!|!$/g, "").replace(/^-/, "");
  return { variants: className.slice(0, last + 1), utility };
}

/** The properties one class sets, each keyed with its variants (`hover:|background-color`). */
export function propertiesOf(className: string): string[] {
  const { variants, utility } = split(className);
  for (const [pattern, properties] of TABLE) {
    const match = utility.match(pattern);
    if (match) return properties(match).map((property) => `${variants}|${property}`);
  }
  return [];
}

/** Every pair of distinct classes in `classList` that set the same property under the same variants. */
export function conflictingClasses(classList: string): [string, string][] {
  const owner = new Map<string, string>();
  const pairs: [string, string][] = [];
  for (const className of new Set(classList.split(/\s+/).filter(Boolean))) {
    for (const property of propertiesOf(className)) {
      const earlier = owner.get(property);
      if (earlier === undefined) owner.set(property, className);
      else if (earlier !== className && !pairs.some(([first, second]) => first === earlier && second === className)) pairs.push([earlier, className]);
    }
  }
  return pairs;
}
