import {
  Button,
  CloseButton,
  Dialog,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { ApiError } from '@/client/api/api-error';
import { categoryOptions } from '../category-options';
import {
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useListCategoriesQuery,
  useUpdateCategoryMutation,
  type Category,
} from '../product.api';

function CategoryRow({ shopId, category, all }: { shopId: string; category: Category; all: Category[] }) {
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  const [update] = useUpdateCategoryMutation();
  const [remove] = useDeleteCategoryMutation();
  async function save(parentId: string | null, newName = name) {
    setError(null);
    try {
      await update({ shopId, categoryId: category._id, name: newName.trim(), parentId }).unwrap();
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.details)[0] ?? e.message) : 'Action impossible.');
      setName(category.name);
    }
  }
  return (
    <Stack gap="1">
      <HStack gap="2">
        <Input
          size="sm"
          aria-label={`Nom de la catégorie ${category.name}`}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onBlur={() => name.trim() !== category.name && void save(category.parentId)}
        />
        <NativeSelect.Root size="sm" w="48">
          <NativeSelect.Field
            aria-label={`Parente de ${category.name}`}
            value={category.parentId ?? ''}
            onChange={(e) => void save(e.currentTarget.value || null, category.name)}
          >
            <option value="">À la racine</option>
            {categoryOptions(all)
              .filter((o) => o.value !== category._id)
              .map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={`Supprimer ${category.name}`}
          onClick={() => void remove({ shopId, categoryId: category._id })}
        >
          <LuTrash2 />
        </IconButton>
      </HStack>
      {error ? (
        <Text color="fg.error" fontSize="xs">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Create, rename, move and delete categories (a tree), from the product form. */
export function CategoryManager({
  shopId,
  isOpen,
  onClose,
}: {
  shopId: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const categories = useListCategoriesQuery({ shopId });
  const [create, { isLoading }] = useCreateCategoryMutation();
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const all = categories.data ?? [];

  async function add() {
    setError(null);
    if (!name.trim()) return setError('Le nom de la catégorie est obligatoire.');
    try {
      await create({ shopId, name: name.trim(), parentId: parentId || null }).unwrap();
      setName('');
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.details)[0] ?? e.message) : 'Action impossible.');
    }
  }

  return (
    <Dialog.Root lazyMount open={isOpen} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={{ base: '95%', md: '560px' }}>
            <Dialog.Header>
              <Dialog.Title>Catégories</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {categoryOptions(all).map((o) => {
                  const category = all.find((c) => c._id === o.value)!;
                  return <CategoryRow key={category._id} shopId={shopId} category={category} all={all} />;
                })}
                {all.length === 0 ? <Text color="fg.muted">Aucune catégorie pour le moment.</Text> : null}
                <HStack gap="2" pt="2" borderTopWidth="1px">
                  <Input
                    size="sm"
                    aria-label="Nouvelle catégorie"
                    placeholder="Nouvelle catégorie"
                    value={name}
                    onChange={(e) => setName(e.currentTarget.value)}
                  />
                  <NativeSelect.Root size="sm" w="48">
                    <NativeSelect.Field
                      aria-label="Placer sous"
                      value={parentId}
                      onChange={(e) => setParentId(e.currentTarget.value)}
                    >
                      <option value="">À la racine</option>
                      {categoryOptions(all).map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Button size="sm" colorPalette="brand" loading={isLoading} onClick={() => void add()}>
                    Ajouter
                  </Button>
                </HStack>
                {error ? (
                  <Text color="fg.error" fontSize="sm" role="alert">
                    {error}
                  </Text>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Fermer
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer la fenêtre" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
