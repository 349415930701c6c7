import { Box, HStack, IconButton, Image, SimpleGrid, Stack, Text } from '@/client/ui';
import { LuArrowLeft, LuArrowRight, LuTrash2 } from 'react-icons/lu';
import { ImagePicker } from '@/client/components/ImagePicker';
import { toaster } from '@/client/shell/toaster';
import { ApiError } from '@/client/api/api-error';
import {
  useRemoveProductImageMutation,
  useReorderProductImagesMutation,
  useUploadProductImageMutation,
  type ProductImage,
} from '../product.api';

/** Ordered pictures; the first is the cover shown in the list. */
export function ProductImages({
  shopId,
  productId,
  images,
}: {
  shopId: string;
  productId: string;
  images: ProductImage[];
}) {
  const [upload] = useUploadProductImageMutation();
  const [remove] = useRemoveProductImageMutation();
  const [reorder] = useReorderProductImagesMutation();

  async function move(index: number, by: -1 | 1) {
    const ids = images.map((i) => i._id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    try {
      await reorder({ shopId, productId, imageIds: ids }).unwrap();
    } catch (error) {
      toaster.create({
        title: error instanceof ApiError ? error.message : 'Action impossible.',
        type: 'error',
        duration: 3500,
      });
    }
  }

  return (
    <Stack gap="4">
      {images.length ? (
        <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="3" data-testid="product-images">
          {images.map((image, index) => (
            <Stack key={image._id} gap="1" borderWidth="1px" rounded="md" p="1">
              <Box position="relative">
                <Image
                  src={image.cardUrl}
                  alt={`Image ${index + 1}`}
                  aspectRatio="1"
                  objectFit="cover"
                  rounded="sm"
                  w="full"
                />
                {index === 0 ? (
                  <Text position="absolute" top="1" left="1" fontSize="xs" bg="bg" px="1" rounded="sm">
                    Principale
                  </Text>
                ) : null}
              </Box>
              <HStack justify="space-between" gap="0">
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label="Avancer l’image"
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                >
                  <LuArrowLeft />
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label="Retirer l’image"
                  onClick={() => void remove({ shopId, productId, imageId: image._id })}
                >
                  <LuTrash2 />
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label="Reculer l’image"
                  disabled={index === images.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  <LuArrowRight />
                </IconButton>
              </HStack>
            </Stack>
          ))}
        </SimpleGrid>
      ) : null}
      <ImagePicker
        name="image"
        buttonLabel="Ajouter une image"
        onUpload={(file) => upload({ shopId, productId, file }).unwrap()}
        preview={null}
      />
    </Stack>
  );
}
