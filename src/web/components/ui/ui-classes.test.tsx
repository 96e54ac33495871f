import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { AgeLimitBadge } from "~/components/age-limit-badge";
import { conflictingClasses } from "~/test/class-conflicts";
import { Avatar } from "./avatar";
import { Badge } from "./badge";
import { Button, buttonVariants, fileButtonClass } from "./button";
import { Card, CardContent, CardHeader, CardTitle } from "./card";
import { Field } from "./field";
import { Input, Label } from "./input";
import { Select } from "./select";
import { Skeleton } from "./skeleton";
import { TabsList, TabsTrigger } from "./tabs";
import { Textarea } from "./textarea";

/** The class attributes of the markup `element` renders. */
function classesOf(element: ReactElement): string[] {
  const html = renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
  return [...html.matchAll(/class="([^"]*)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
}

function expectNoConflicts(element: ReactElement, what: string) {
  for (const classList of classesOf(element)) expect(conflictingClasses(classList), `${what}: ${classList}`).toEqual([]);
}

const BUTTON = {
  variant: ["default", "accent", "outline", "secondary", "ghost", "link", "inverse", "danger", "live", null],
  size: ["default", "sm", "md", "lg", "lg-text-sm", "icon", "icon-md", null],
  shape: ["default", "pill"],
  display: ["default", null],
  backdrop: ["light", "dark"],
} as const;
const BADGE = {
  variant: ["default", "secondary", "accent", "outline", "success", "warning", "danger", "glass", "ink", "featured", null],
  size: ["default", "lg"],
} as const;

describe("the property table", () => {
  it("finds two classes that set one property under the same variants", () => {
    expect(conflictingClasses("h-10 px-4 h-11")).toEqual([["h-10", "h-11"]]);
    expect(conflictingClasses("size-10 h-11")).toEqual([["size-10", "h-11"]]);
    expect(conflictingClasses("text-sm text-base text-ink text-white")).toEqual([
      ["text-sm", "text-base"],
      ["text-ink", "text-white"],
    ]);
    expect(conflictingClasses("bg-white hover:bg-surface hover:bg-red-50 [&_svg]:size-4 [&_svg]:size-5")).toEqual([
      ["hover:bg-surface", "hover:bg-red-50"],
      ["[&_svg]:size-4", "[&_svg]:size-5"],
    ]);
    expect(conflictingClasses("inline-flex hidden rounded-xl rounded-full border border-0 border-border border-white/30")).toEqual([
      ["inline-flex", "hidden"],
      ["rounded-xl", "rounded-full"],
      ["border", "border-0"],
      ["border-border", "border-white/30"],
    ]);
  });

  it("lets a longhand refine its shorthand, and different variants or properties stand together", () => {
    expect(conflictingClasses("p-5 pt-0 px-3.5 pl-11 pr-2 gap-2 gap-x-3 rounded-xl rounded-t-3xl")).toEqual([]);
    expect(conflictingClasses("hidden sm:flex text-sm sm:text-base text-ink font-mono font-bold border border-dashed border-red-200")).toEqual([]);
    expect(conflictingClasses("outline-2 outline-offset-2 outline-brand-600 shadow-lg shadow-brand-950/40 ring-1 ring-border")).toEqual([]);
  });
});

describe("ui components never set one property twice", () => {
  it("Button and buttonVariants, in every combination of their variants", () => {
    for (const variant of BUTTON.variant)
      for (const size of BUTTON.size)
        for (const shape of BUTTON.shape)
          for (const display of BUTTON.display)
            for (const backdrop of BUTTON.backdrop) {
              const props = { variant, size, shape, display, backdrop };
              expectNoConflicts(<Button {...props}>Go</Button>, JSON.stringify(props));
              expect(conflictingClasses(buttonVariants(props)), JSON.stringify(props)).toEqual([]);
            }
    expect(conflictingClasses(fileButtonClass())).toEqual([]);
  });

  it("Badge, in every variant and size", () => {
    for (const variant of BADGE.variant) for (const size of BADGE.size) expectNoConflicts(<Badge variant={variant} size={size} />, `${variant} ${size}`);
  });

  it("the form controls, cards, skeletons and tabs", () => {
    for (const shape of ["default", null] as const)
      for (const tone of ["default", "muted", null] as const) expectNoConflicts(<Input shape={shape} tone={tone} />, `Input ${shape} ${tone}`);
    expectNoConflicts(<Label />, "Label");
    for (const size of ["default", "sm"] as const) expectNoConflicts(<Select size={size} />, `Select ${size}`);
    for (const code of [false, true]) expectNoConflicts(<Textarea code={code} />, `Textarea ${code}`);
    for (const tone of ["default", "tinted", null] as const) expectNoConflicts(<Card tone={tone} />, `Card ${tone}`);
    expectNoConflicts(<CardHeader />, "CardHeader");
    expectNoConflicts(<CardTitle />, "CardTitle");
    expectNoConflicts(<CardContent />, "CardContent");
    for (const square of [false, true]) expectNoConflicts(<Skeleton square={square} />, `Skeleton ${square}`);
    for (const look of ["default", "raised"] as const) {
      expectNoConflicts(<TabsList label="Tabs" look={look}>{null}</TabsList>, `TabsList ${look}`);
      for (const compact of [false, true])
        for (const selected of [false, true])
          expectNoConflicts(<TabsTrigger id="t" panelId="p" to="/" look={look} compact={compact} selected={selected} />, `TabsTrigger ${look} ${compact}`);
    }
  });
});

/**
 * Every place the app draws a ui component or calls buttonVariants: the classes it adds must not set a
 * property the component already sets for the variants it asks for. The variant props are read from the
 * source (a string, `null`, or each string of a conditional); the classes are every string in `className`.
 */
describe("call sites add classes that do not fight the component's own", () => {
  const webRoot = fileURLToPath(new URL("../..", import.meta.url));
  const files = (function walk(directory: string): string[] {
    return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return walk(path);
      return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
    });
  })(webRoot);

  /** The strings an expression can give: its string literals (every branch of a conditional). */
  function strings(node: ts.Node): string[] {
    if (ts.isStringLiteralLike(node)) return [node.text];
    if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.flatMap((span) => [...strings(span.expression), span.literal.text])];
    return node.getChildren().flatMap(strings);
  }
  /** The values a variant prop can take: each string, `null`, or undefined (the default) when unknown. */
  function choices(node: ts.Expression | undefined): (string | null | undefined)[] {
    if (node === undefined) return [undefined];
    if (node.kind === ts.SyntaxKind.NullKeyword) return [null];
    if (node.kind === ts.SyntaxKind.TrueKeyword) return [true as unknown as string];
    if (ts.isStringLiteralLike(node)) return [node.text];
    if (ts.isParenthesizedExpression(node)) return choices(node.expression);
    if (ts.isConditionalExpression(node)) return [...choices(node.whenTrue), ...choices(node.whenFalse)];
    return [undefined];
  }
  function combinations(props: Record<string, (string | null | undefined)[]>): Record<string, string | null | undefined>[] {
    return Object.entries(props).reduce<Record<string, string | null | undefined>[]>(
      (all, [name, values]) => all.flatMap((combination) => values.map((value) => ({ ...combination, [name]: value }))),
      [{}],
    );
  }

  /** For each component: which attribute carries the caller's classes, the variant props, and how to draw it bare. */
  type Target = { attribute: string; props: string[]; render: (props: Record<string, unknown>) => ReactElement };
  const COMPONENTS: Record<string, Target[]> = {
    Button: [{ attribute: "className", props: Object.keys(BUTTON), render: (props) => <Button {...props} /> }],
    Badge: [{ attribute: "className", props: Object.keys(BADGE), render: (props) => <Badge {...props} /> }],
    Input: [{ attribute: "className", props: ["shape", "tone"], render: (props) => <Input {...props} /> }],
    Select: [
      { attribute: "className", props: ["size"], render: (props) => <Select {...props} /> },
      { attribute: "wrapperClassName", props: [], render: () => <div className="relative w-full" /> },
    ],
    Textarea: [{ attribute: "className", props: ["code"], render: (props) => <Textarea {...props} /> }],
    Label: [{ attribute: "className", props: [], render: (props) => <Label {...props} /> }],
    Field: [{ attribute: "className", props: [], render: (props) => <Field id="f" label="L" {...props}><input /></Field> }],
    Card: [{ attribute: "className", props: ["tone"], render: (props) => <Card {...props} /> }],
    CardHeader: [{ attribute: "className", props: [], render: (props) => <CardHeader {...props} /> }],
    CardTitle: [{ attribute: "className", props: [], render: (props) => <CardTitle {...props} /> }],
    CardContent: [{ attribute: "className", props: [], render: (props) => <CardContent {...props} /> }],
    Skeleton: [{ attribute: "className", props: ["square"], render: (props) => <Skeleton {...props} /> }],
    Avatar: [{ attribute: "className", props: [], render: (props) => <Avatar name="Ann Lee" url={null} {...props} /> }],
    AgeLimitBadge: [{ attribute: "className", props: ["variant"], render: (props) => <AgeLimitBadge minAge={18} {...props} /> }],
    AddressTabs: [
      { attribute: "listClassName", props: ["look"], render: (props) => <TabsList label="Tabs" {...props}>{null}</TabsList> },
      { attribute: "tabClassName", props: ["look", "compact"], render: (props) => <TabsTrigger id="t" panelId="p" to="/" selected {...props} /> },
    ],
  };

  const sites: { where: string; own: string; added: string }[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const where = (node: ts.Node) => `${relative(webRoot, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && COMPONENTS[node.tagName.getText()]) {
        const attributes = new Map<string, ts.JsxAttribute>();
        for (const attribute of node.attributes.properties) if (ts.isJsxAttribute(attribute)) attributes.set(attribute.name.getText(), attribute);
        for (const component of COMPONENTS[node.tagName.getText()]!) {
          const className = attributes.get(component.attribute)?.initializer;
          if (!className) continue;
          const values = (name: string) => {
            const attribute = attributes.get(name);
            if (!attribute) return [undefined];
            if (!attribute.initializer) return [true as unknown as string];
            return ts.isJsxExpression(attribute.initializer) ? choices(attribute.initializer.expression) : choices(attribute.initializer);
          };
          const props = Object.fromEntries(component.props.map((name) => [name, values(name)]));
          for (const combination of combinations(props))
            for (const own of classesOf(component.render(combination)).slice(0, 1)) sites.push({ where: where(node), own, added: strings(className).join(" ") });
        }
      }
      if (ts.isCallExpression(node) && node.expression.getText() === "buttonVariants") {
        const options = node.arguments[0];
        const read = (name: string) => {
          if (!options || !ts.isObjectLiteralExpression(options)) return [undefined];
          const property = options.properties.find((each) => ts.isPropertyAssignment(each) && each.name.getText() === name);
          return property && ts.isPropertyAssignment(property) ? choices(property.initializer) : [undefined];
        };
        // The classes a caller adds: cva's own className option, or what follows the call inside cn(…).
        const added: string[] = [];
        if (options && ts.isObjectLiteralExpression(options)) {
          const option = options.properties.find((each) => ts.isPropertyAssignment(each) && each.name.getText() === "className");
          if (option && ts.isPropertyAssignment(option)) added.push(...strings(option.initializer));
        }
        const parent = node.parent;
        if (ts.isCallExpression(parent) && parent.expression.getText() === "cn") added.push(...parent.arguments.filter((argument) => argument !== node).flatMap(strings));
        const props = Object.fromEntries(Object.keys(BUTTON).map((name) => [name, read(name)]));
        for (const combination of combinations(props)) sites.push({ where: where(node), own: buttonVariants(combination as never), added: added.join(" ") });
      }
      // Any cn(…): a later argument must not restyle what an earlier one sets.
      if (ts.isCallExpression(node) && node.expression.getText() === "cn")
        node.arguments.forEach((argument, index) => {
          for (const later of node.arguments.slice(index + 1)) sites.push({ where: where(node), own: strings(argument).join(" "), added: strings(later).join(" ") });
        });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  it("finds the call sites", () => {
    expect(sites.length).toBeGreaterThan(100);
  });

  it("no call site passes a class that sets a property its component sets", () => {
    const fights = sites.flatMap(({ where, own, added }) => {
      const ownClasses = new Set(own.split(/\s+/));
      return conflictingClasses(`${own} ${added}`)
        .filter(([first, second]) => ownClasses.has(first) !== ownClasses.has(second))
        .map(([first, second]) => `${where}: ${first} / ${second}`);
    });
    expect(fights).toEqual([]);
  });
});
