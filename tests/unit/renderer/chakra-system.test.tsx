// @vitest-environment jsdom
/**
 * The app's Chakra system carries only the recipes the app uses (issue 12). A component whose
 * recipe is missing renders UNSTYLED without any warning, so: every Chakra component imported
 * anywhere in src/renderer must have its recipe in the slim system, and each one renders with
 * exactly the styles the full default system gives it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { parkThemeConfig, system as slimSystem } from '../../../src/renderer/shared/theme';

const fullSystem = createSystem(defaultConfig, parkThemeConfig);
const RENDERER = join(import.meta.dirname, '../../../src/renderer');

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
  Checkbox: ['checkbox', 'checkmark'],
  RadioGroup: ['radioGroup', 'radiomark'],
  InputGroup: ['inputAddon'],
};

const recipeKeys = (name: string) => RECIPES_OF[name] ?? [name.charAt(0).toLowerCase() + name.slice(1)];
const hasRecipe = (system: SystemContext, key: string) => system.isRecipe(key) || system.isSlotRecipe(key);

describe('the slim Chakra system', () => {
  it('has the recipe of every Chakra component the renderer imports', () => {
    const imported = [...chakraImports()];
    expect(imported).toContain('Button');
    const missing = imported.flatMap((name) =>
      recipeKeys(name)
        .filter((key) => hasRecipe(fullSystem, key) && !hasRecipe(slimSystem, key))
        .map((key) => `${name} → ${key} (add it to src/renderer/shared/theme.ts)`),
    );
    expect(missing).toEqual([]);
  });

  afterEach(cleanup);

  /** One of each component the app uses, open where it has a closed state. */
  const SAMPLES: Record<string, ReactElement> = {
    Alert: (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Erreur</Alert.Title>
      </Alert.Root>
    ),
    Badge: <Badge colorPalette="brand">Confirmée</Badge>,
    Code: <Code>GRP-2026-00042</Code>,
    Table: (
      <Table.Root size="sm">
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
      <Checkbox.Root defaultChecked>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>J’accepte</Checkbox.Label>
      </Checkbox.Root>
    ),
    Collapsible: (
      <Collapsible.Root defaultOpen>
        <Collapsible.Trigger>Détails</Collapsible.Trigger>
        <Collapsible.Content>Contenu</Collapsible.Content>
      </Collapsible.Root>
    ),
    Container: <Container>Page</Container>,
    DataList: (
      <DataList.Root>
        <DataList.Item>
          <DataList.ItemLabel>Date</DataList.ItemLabel>
          <DataList.ItemValue>12 juin</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    ),
    Dialog: (
      <Dialog.Root open>
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>Catalogue</Dialog.Title>
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
    ),
    Drawer: (
      <Drawer.Root open>
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Title>Menu</Drawer.Title>
          </Drawer.Content>
        </Drawer.Positioner>
      </Drawer.Root>
    ),
    EmptyState: (
      <EmptyState.Root>
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
      <Menu.Root open>
        <Menu.Trigger>Compte</Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile">Mon profil</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    ),
    NativeSelect: (
      <NativeSelect.Root>
        <NativeSelect.Field aria-label="Civilité">
          <option>M</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    ),
    Progress: (
      <Progress.Root value={40}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    ),
    Separator: <Separator />,
    Spinner: <Spinner />,
    Tabs: (
      <Tabs.Root defaultValue="a">
        <Tabs.List>
          <Tabs.Trigger value="a">Réservations</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="a">Liste</Tabs.Content>
      </Tabs.Root>
    ),
    Textarea: <Textarea aria-label="Message" />,
  };

  /** The emotion classes of everything rendered, by the hash of their styles. */
  function styleHashes(system: SystemContext, key: string, element: ReactElement): string[] {
    const cache = createCache({ key });
    const { baseElement } = render(
      <CacheProvider value={cache}>
        <ChakraProvider value={system}>{element}</ChakraProvider>
      </CacheProvider>,
    );
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
    // Toasts need a running toaster: their recipe is checked by the first test.
    const untested = withRecipe.filter((name) => !(name in SAMPLES) && name !== 'Toast' && name !== 'Toaster');
    expect(untested, 'add a sample of these components to SAMPLES').toEqual([]);
  });

  it.each(Object.entries(SAMPLES))(
    'renders %s exactly as the full system styles it',
    (name, element) => {
      const slim = styleHashes(slimSystem, 'slim', element);
      const full = styleHashes(fullSystem, 'full', element);
      expect(slim.length, `${name} has styles`).toBeGreaterThan(0);
      expect(slim, `${name} is styled like with the full system`).toEqual(full);
    },
    30_000,
  );
});
