// @vitest-environment jsdom
/**
 * The app's Chakra system carries only the recipes the public pages render at first (docs/decisions.md, performance rule 3);
 * a component used only on lazily loaded pages gets its recipe where it is rendered
 * (`<Tabs.Root recipe={tabsSlotRecipe}>`). A component whose recipe is in neither place renders
 * UNSTYLED without any warning, so: every Chakra component imported anywhere in src/renderer has
 * its recipe in the slim system or at each of its places of use, and each one renders with
 * exactly the styles the full default system gives it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  Alert,
  Badge,
  Button,
  Card,
  ChakraProvider,
  Checkbox,
  CloseButton,
  Code,
  Collapsible,
  Container,
  createSystem,
  DataList,
  defaultConfig,
  Dialog,
  Drawer,
  EmptyState,
  Field,
  Fieldset,
  Heading,
  IconButton,
  Input,
  Link,
  List,
  Menu,
  NativeSelect,
  Progress,
  Separator,
  Spinner,
  Table,
  Tabs,
  Textarea,
  type SystemContext,
} from '@chakra-ui/react';
import {
  checkboxSlotRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  separatorRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
} from '@chakra-ui/react/theme';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { cleanup, render } from '@testing-library/react';
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { parkThemeConfig, system as slimSystem } from '@renderer/shared/theme';

const fullSystem = createSystem(defaultConfig, parkThemeConfig);
const RENDERER = join(import.meta.dirname, '../../../src/renderer');
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every name imported from '@chakra-ui/react' by the renderer's sources. */
function chakraImports(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(RENDERER)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (/^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

/** Components styled by another component's recipe, or by more than one. */
const RECIPES_OF: Record<string, string[]> = {
  IconButton: ['button'],
  CloseButton: ['button'],
  Toaster: ['toast'],
  // Checkbox.Indicator renders a Checkmark `unstyled`: only the checkbox recipe styles it.
  RadioGroup: ['radioGroup', 'radiomark'],
  InputGroup: ['inputAddon'],
};

const recipeKeys = (name: string) => RECIPES_OF[name] ?? [lowerFirst(name)];
const hasRecipe = (system: SystemContext, key: string) => system.isRecipe(key) || system.isSlotRecipe(key);

/**
 * A recipe left out of the system is given where its component is rendered (docs/decisions.md,
 * "Performance"): `<Tabs.Root recipe={tabsSlotRecipe}>` for a slot recipe (the parts read their
 * styles from the Root), `<Code recipe={codeRecipe}>` for a plain one, both imported from
 * '@chakra-ui/react/theme'.
 */
function placeOfUse(key: string) {
  const component = upperFirst(key);
  return fullSystem.isSlotRecipe(key)
    ? { tags: [`${component}.Root`, `${component}.RootProvider`], recipe: `${key}SlotRecipe` }
    : { tags: [component], recipe: `${key}Recipe` };
}

/**
 * The problems: every use of a Chakra component whose recipe is not in the slim system that is
 * not a JSX tag (`as={Tabs.Root}`, `createElement`…) or lacks `recipe={…}`, and every
 * `useRecipe`/`useSlotRecipe` call by a `key` the slim system does not have. And the tags found
 * with their recipe given.
 */
function placesOfUse(): { problems: string[]; given: string[] } {
  const problems: string[] = [];
  const given: string[] = [];
  for (const file of sourceFiles(RENDERER)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const imported = new Map<string, string>(); // local name → name exported by '@chakra-ui/react'
    for (const statement of source.statements) {
      if (
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        statement.moduleSpecifier.text === '@chakra-ui/react' &&
        statement.importClause?.namedBindings &&
        ts.isNamedImports(statement.importClause.namedBindings)
      ) {
        for (const element of statement.importClause.namedBindings.elements) {
          imported.set(element.name.text, (element.propertyName ?? element.name).text);
        }
      }
    }
    const where = (node: ts.Node) =>
      `${relative(RENDERER, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      const tag = chakraTag(node, imported);
      if (tag) {
        const key = tagKeys.get(tag);
        if (key && !hasRecipe(slimSystem, key)) {
          const { recipe } = placeOfUse(key);
          const element = node.parent;
          if (!ts.isJsxOpeningElement(element) && !ts.isJsxSelfClosingElement(element)) {
            if (!ts.isJsxClosingElement(element)) problems.push(`${where(node)} ${tag}: render it as a JSX tag`);
          } else if (element.tagName !== node) {
            problems.push(`${where(node)} ${tag}: render it as a JSX tag`);
          } else if (givesRecipe(element, recipe)) {
            given.push(tag);
          } else {
            problems.push(`${where(node)} <${tag}> needs recipe={${recipe}} (or its recipe in the system)`);
          }
        }
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const hook = imported.get(node.expression.text);
        const options = node.arguments[0];
        if ((hook === 'useRecipe' || hook === 'useSlotRecipe') && options && ts.isObjectLiteralExpression(options)) {
          for (const property of options.properties) {
            if (
              ts.isPropertyAssignment(property) &&
              property.name.getText() === 'key' &&
              !(ts.isStringLiteral(property.initializer) && hasRecipe(slimSystem, property.initializer.text))
            ) {
              problems.push(`${where(node)} ${hook}: give it { recipe } instead of a key the system lacks`);
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { problems, given };
}

/** `Tabs.Root` → key `tabs`, `Code` → `code`: the components that take a recipe left out of the system. */
const tagKeys = new Map<string, string>();
for (const key of [
  ...Object.keys(defaultConfig.theme?.recipes ?? {}),
  ...Object.keys(defaultConfig.theme?.slotRecipes ?? {}),
]) {
  for (const tag of placeOfUse(key).tags) tagKeys.set(tag, key);
}

/** The Chakra name (`Tabs.Root`, `Code`) a node refers to, if it is one that may take a recipe. */
function chakraTag(node: ts.Node, imported: Map<string, string>): string | undefined {
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
    const name = imported.get(node.expression.text);
    return name && tagKeys.has(`${name}.${node.name.text}`) ? `${name}.${node.name.text}` : undefined;
  }
  if (ts.isIdentifier(node) && !ts.isImportSpecifier(node.parent) && !ts.isPropertyAccessExpression(node.parent)) {
    const name = imported.get(node.text);
    return name && tagKeys.has(name) ? name : undefined;
  }
  return undefined;
}

function givesRecipe(element: ts.JsxOpeningElement | ts.JsxSelfClosingElement, recipe: string): boolean {
  return element.attributes.properties.some(
    (attribute) =>
      ts.isJsxAttribute(attribute) &&
      attribute.name.getText() === 'recipe' &&
      attribute.initializer !== undefined &&
      ts.isJsxExpression(attribute.initializer) &&
      attribute.initializer.expression?.getText() === recipe,
  );
}

/** Chakra's palettes that the renderer's sources name in a string: `colorPalette="red"`, `'red.700'`. */
function palettesNamed(): Map<string, string> {
  const named = new Map<string, string>();
  const pattern = /['"`](gray|red|orange|yellow|green|teal|blue|cyan|purple|pink)(?:['"`]|\.\w)/g;
  for (const file of sourceFiles(RENDERER)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      if (!named.has(match[1]!)) named.set(match[1]!, relative(RENDERER, file));
    }
  }
  return named;
}

describe('the slim Chakra system', () => {
  it("has every colour palette the renderer's sources name, and none of the others", () => {
    const named = palettesNamed();
    // Seen in the sources: the check reads them.
    expect(named.get('red')).toBeDefined();
    const missing = [...named].filter(([palette]) => !slimSystem.tokens.getByName(`colors.${palette}.solid`));
    expect(missing.map(([palette, file]) => `${palette} (${file})`)).toEqual([]);
    for (const palette of ['gray', 'red', 'orange', 'green', 'blue', 'brand', 'accent']) {
      expect(slimSystem.tokens.getByName(`colors.${palette}.solid`)).toBeDefined();
      expect(slimSystem.tokens.getByName(`colors.${palette}.500`)).toBeDefined();
    }
    // Chakra's other palettes write no CSS variable.
    for (const palette of ['teal', 'cyan', 'pink']) {
      expect(slimSystem.tokens.getByName(`colors.${palette}.solid`)).toBeUndefined();
      expect(slimSystem.tokens.getByName(`colors.${palette}.500`)).toBeUndefined();
    }
    expect(slimSystem.tokens.getByName('colors.bg.error')).toBeDefined();
    expect(slimSystem.tokens.getByName('colors.blackAlpha.500')).toBeDefined();
  });

  it('styles every Chakra component the renderer imports, or its recipe is given where it renders', () => {
    expect([...chakraImports()]).toContain('Button');
    const { problems, given } = placesOfUse();
    expect(problems).toEqual([]);
    // The check above found the recipes given at their places of use.
    expect(given).toContain('Tabs.Root');
  });

  afterEach(cleanup);

  /**
   * One of each component the app uses, open where it has a closed state, with its recipe given as
   * the app gives it when the system does not carry it.
   */
  const SAMPLES: Record<string, ReactElement> = {
    Alert: (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Erreur</Alert.Title>
      </Alert.Root>
    ),
    Badge: <Badge colorPalette="brand">Confirmée</Badge>,
    Code: <Code recipe={codeRecipe}>GRP-2026-00042</Code>,
    Table: (
      <Table.Root recipe={tableSlotRecipe} size="sm">
        <Table.Body>
          <Table.Row>
            <Table.Cell>GRP-2026-00042</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    ),
    Button: <Button colorPalette="brand">Réserver</Button>,
    IconButton: <IconButton aria-label="Ouvrir le menu">≡</IconButton>,
    CloseButton: <CloseButton aria-label="Fermer" />,
    Card: (
      <Card.Root>
        <Card.Body>Parcours</Card.Body>
      </Card.Root>
    ),
    Checkbox: (
      <Checkbox.Root recipe={checkboxSlotRecipe} defaultChecked>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>J’accepte</Checkbox.Label>
      </Checkbox.Root>
    ),
    Collapsible: (
      <Collapsible.Root recipe={collapsibleSlotRecipe} defaultOpen>
        <Collapsible.Trigger>Détails</Collapsible.Trigger>
        <Collapsible.Content>Contenu</Collapsible.Content>
      </Collapsible.Root>
    ),
    Container: <Container>Page</Container>,
    DataList: (
      <DataList.Root recipe={dataListSlotRecipe}>
        <DataList.Item>
          <DataList.ItemLabel>Date</DataList.ItemLabel>
          <DataList.ItemValue>12 juin</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    ),
    Dialog: (
      <Dialog.Root recipe={dialogSlotRecipe} open>
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>Catalogue</Dialog.Title>
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
    ),
    Drawer: (
      <Drawer.Root recipe={drawerSlotRecipe} open>
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Title>Menu</Drawer.Title>
          </Drawer.Content>
        </Drawer.Positioner>
      </Drawer.Root>
    ),
    EmptyState: (
      <EmptyState.Root recipe={emptyStateSlotRecipe}>
        <EmptyState.Content>
          <EmptyState.Title>Aucune réservation</EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    ),
    Field: (
      <Field.Root invalid>
        <Field.Label>E-mail</Field.Label>
        <Input />
        <Field.ErrorText>Adresse e-mail invalide</Field.ErrorText>
      </Field.Root>
    ),
    Fieldset: (
      <Fieldset.Root>
        <Fieldset.Legend>Adresse</Fieldset.Legend>
      </Fieldset.Root>
    ),
    Heading: <Heading size="3xl">Titre</Heading>,
    Input: <Input aria-label="Nom" />,
    Link: <Link href="/contact">Contact</Link>,
    List: (
      <List.Root>
        <List.Item>Un</List.Item>
      </List.Root>
    ),
    Menu: (
      <Menu.Root recipe={menuSlotRecipe} open>
        <Menu.Trigger>Compte</Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile">Mon profil</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    ),
    NativeSelect: (
      <NativeSelect.Root recipe={nativeSelectSlotRecipe}>
        <NativeSelect.Field aria-label="Civilité">
          <option>M</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    ),
    Progress: (
      <Progress.Root recipe={progressSlotRecipe} value={40}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    ),
    Separator: <Separator recipe={separatorRecipe} />,
    Spinner: <Spinner />,
    Tabs: (
      <Tabs.Root recipe={tabsSlotRecipe} defaultValue="a">
        <Tabs.List>
          <Tabs.Trigger value="a">Réservations</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="a">Liste</Tabs.Content>
      </Tabs.Root>
    ),
    Textarea: <Textarea aria-label="Message" />,
  };

  /** The element without the recipes given to it: styled by the system's recipes only. */
  function withoutRecipes(node: ReactNode): ReactNode {
    if (!isValidElement<{ recipe?: unknown; children?: ReactNode }>(node)) return node;
    const { children } = node.props;
    return cloneElement(node, {
      ...('recipe' in node.props ? { recipe: undefined } : {}),
      ...(children === undefined ? {} : { children: Children.map(children, withoutRecipes) }),
    });
  }

  /** The emotion classes of everything rendered, by the hash of their styles. */
  function styleHashes(system: SystemContext, key: string, element: ReactElement): string[] {
    const cache = createCache({ key });
    const { baseElement } = render(
      <CacheProvider value={cache}>
        <ChakraProvider value={system}>{element}</ChakraProvider>
      </CacheProvider>,
    );
    // The recipe given to a component styles it; it is not an attribute of the DOM.
    expect(baseElement.querySelector('[recipe]')).toBeNull();
    const hashes = [...baseElement.querySelectorAll('[class]')].flatMap((node) =>
      [...node.classList].filter((name) => name.startsWith(`${key}-`)).map((name) => name.slice(key.length + 1)),
    );
    cleanup();
    return hashes;
  }

  it('has a sample below for every Chakra component with a recipe that the app uses', () => {
    const withRecipe = [...chakraImports()].filter((name) =>
      recipeKeys(name).some((key) => hasRecipe(fullSystem, key)),
    );
    // Toasts need a running toaster: the first test checks their recipe is given (toaster-view.tsx).
    const untested = withRecipe.filter((name) => !(name in SAMPLES) && name !== 'Toast' && name !== 'Toaster');
    expect(untested, 'add a sample of these components to SAMPLES').toEqual([]);
  });

  it.each(Object.entries(SAMPLES))(
    'renders %s exactly as the full system styles it',
    (name, element) => {
      const slim = styleHashes(slimSystem, 'slim', element);
      const full = styleHashes(fullSystem, 'full', withoutRecipes(element) as ReactElement);
      expect(slim.length, `${name} has styles`).toBeGreaterThan(0);
      expect(slim, `${name} is styled like with the full system`).toEqual(full);
    },
    30_000,
  );
});
