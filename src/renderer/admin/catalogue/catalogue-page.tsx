import { Badge, Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { Pencil, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CatalogueItemBody, StaffCatalogueItem } from '@shared/api/staff.schema';
import { CATEGORY_LABELS } from '@shared/labels';
import { errorMessage } from '@renderer/shared/api/error-message';
import { formatDuration } from '@renderer/shared/format/format';
import { priceLabel } from '@renderer/shared/ui/catalogue-card';
import { DialogShell } from '@renderer/shared/ui/dialog-shell';
import { notify } from '@renderer/shared/ui/toaster';
import { AdminPage, QueryStates } from '../ui/admin-page';
import { useSaveCatalogueItem, useStaffCatalogue, type CatalogueKind } from './api/staff-catalogue';
import { CatalogueItemForm } from './catalogue-item-form';
import { PictureUpload } from './picture-upload';
import { AdminTable } from '../ui/scroll-table';

const KIND_LABELS: Record<CatalogueKind, { tab: string; one: string; create: string }> = {
  activities: { tab: 'Activités', one: 'l’activité', create: 'Nouvelle activité' },
  services: { tab: 'Prestations', one: 'la prestation', create: 'Nouvelle prestation' },
};

function ItemsTable({ items, onEdit }: { items: StaffCatalogueItem[]; onEdit: (id: string) => void }) {
  if (items.length === 0) return <Text color="fg.muted">Aucun élément.</Text>;
  return (
    <AdminTable
      label="Éléments du catalogue"
      interactive
      columns={[
        'Nom',
        'Catégorie',
        { label: 'Prix', end: true },
        'Durée',
        'Créneaux',
        'État',
        { label: 'Actions', hidden: true },
      ]}
    >
      {items.map((item) => (
        <Table.Row key={item._id} data-testid="catalogue-row">
          <Table.Cell fontWeight="medium" minW="40">
            {item.name}
          </Table.Cell>
          <Table.Cell>{CATEGORY_LABELS[item.category]}</Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            {priceLabel(item.pricing)}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">
            {item.availability.duration ? formatDuration(item.availability.duration) : '—'}
          </Table.Cell>
          <Table.Cell>{item.timeSlots.length}</Table.Cell>
          <Table.Cell>
            <Flex gap="1" wrap="wrap">
              <Badge size="sm" colorPalette={item.isActive ? 'green' : 'gray'}>
                {item.isActive ? 'Actif' : 'Inactif'}
              </Badge>
              {item.isFeatured && (
                <Badge size="sm" colorPalette="accent">
                  En avant
                </Badge>
              )}
            </Flex>
          </Table.Cell>
          <Table.Cell>
            <Button size="xs" variant="outline" onClick={() => onEdit(item._id)} aria-label={`Modifier ${item.name}`}>
              <Pencil aria-hidden />
              Modifier
            </Button>
          </Table.Cell>
        </Table.Row>
      ))}
    </AdminTable>
  );
}

function EditorDialog({
  kind,
  item,
  open,
  onClose,
  onCreated,
}: {
  kind: CatalogueKind;
  item: StaffCatalogueItem | null;
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const save = useSaveCatalogueItem(kind);
  const title = item ? `Modifier ${item.name}` : KIND_LABELS[kind].create;
  const formKey = item?._id ?? 'new';
  // While saving, 'Enregistrer' shows its spinner disabled, and a disabled button loses the
  // focus (to the page's body, behind the dialog). Once the save is over, and the new item's
  // form shown after a creation, the focus goes back to 'Enregistrer', unless it went elsewhere.
  const contentRef = useRef<HTMLDivElement>(null);
  const [saved, setSaved] = useState<{ formKey: string } | null>(null);
  const refocusedRef = useRef<object | null>(null);
  useEffect(() => {
    if (!saved || save.isPending || saved.formKey !== formKey || refocusedRef.current === saved) return;
    refocusedRef.current = saved;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    contentRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [saved, save.isPending, formKey]);
  const submit = async (body: CatalogueItemBody) => {
    try {
      const { message, data } = await save.mutateAsync({ id: item?._id ?? null, body });
      notify.success(message ?? 'Enregistré');
      setSaved({ formKey: data._id });
      // A new item stays open so its picture can be added (an upload needs its id).
      if (!item) onCreated(data._id);
    } catch (error) {
      setSaved({ formKey });
      notify.error(errorMessage(error));
    }
  };
  return (
    <DialogShell open={open} onOpenChange={(next) => !next && onClose()} size="lg" title={title} compact>
      <Stack gap="6" ref={contentRef}>
        <CatalogueItemForm
          key={item?._id ?? 'new'}
          item={item}
          busy={save.isPending}
          onSubmit={(body) => void submit(body)}
        />
        {item ? (
          <PictureUpload kind={kind} item={item} />
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Enregistrez {KIND_LABELS[kind].one} pour pouvoir ajouter son image.
          </Text>
        )}
      </Stack>
    </DialogShell>
  );
}

/** /admin/catalogue?type=activities|services&edit=<id>|new: the catalogue editor (admins). */
export function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const kind: CatalogueKind = params.get('type') === 'services' ? 'services' : 'activities';
  const edit = params.get('edit');
  const list = useStaffCatalogue(kind);
  const editing = edit && edit !== 'new' ? (list.data?.find((item) => item._id === edit) ?? null) : null;
  const setView = (next: { type?: CatalogueKind; edit?: string | null }) => {
    const search = new URLSearchParams();
    const type = next.type ?? kind;
    if (type === 'services') search.set('type', type);
    if (next.edit) search.set('edit', next.edit);
    setParams(search);
  };

  return (
    <AdminPage
      title="Catalogue"
      lead="Activités et prestations, prix, créneaux et images. Un changement de prix ne modifie pas les réservations existantes."
      actions={
        <Button colorPalette="brand" size="sm" onClick={() => setView({ edit: 'new' })}>
          <Plus aria-hidden />
          {KIND_LABELS[kind].create}
        </Button>
      }
    >
      <Flex as="nav" aria-label="Type d’élément" gap="2">
        {(['activities', 'services'] as const).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={kind === value ? 'solid' : 'outline'}
            colorPalette="brand"
            aria-current={kind === value ? 'page' : undefined}
            onClick={() => setView({ type: value, edit: null })}
          >
            {KIND_LABELS[value].tab}
          </Button>
        ))}
      </Flex>
      <section aria-label={KIND_LABELS[kind].tab}>
        <QueryStates query={list} loadingLabel="Chargement du catalogue…">
          {(data) => <ItemsTable items={data} onEdit={(id) => setView({ edit: id })} />}
        </QueryStates>
      </section>
      <EditorDialog
        kind={kind}
        item={editing}
        open={edit === 'new' || editing !== null}
        onClose={() => setView({ edit: null })}
        onCreated={(id) => setView({ edit: id })}
      />
    </AdminPage>
  );
}
