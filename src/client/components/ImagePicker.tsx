import { Button, HStack, Stack, Text } from '@/client/ui';
import { useRef, useState, type ReactNode } from 'react';
import { LuUpload } from 'react-icons/lu';
import { ApiError } from '../api/api-error';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** The server's default limit; it checks again (and the content, not just the type). */
const MAX_BYTES = 5 * 1024 * 1024;

/** A preview and a « Changer » button; checks type and size before sending, shows the server's refusal. */
export function ImagePicker(props: {
  preview: ReactNode;
  buttonLabel: string;
  name: string;
  onUpload: (file: File) => Promise<unknown>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (!ACCEPTED_TYPES.includes(file.type))
      return setError('Le fichier doit être une image JPEG, PNG ou WebP.');
    if (file.size > MAX_BYTES) return setError('Le fichier dépasse la taille maximale de 5 Mo.');
    setUploading(true);
    try {
      await props.onUpload(file);
    } catch (e) {
      const apiError = e instanceof ApiError ? e : null;
      setError(
        Object.values(apiError?.details ?? {})[0] ?? apiError?.message ?? 'L’envoi a échoué. Réessayez.',
      );
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <HStack gap="4" align="center">
      {props.preview}
      <Stack gap="1">
        <input
          ref={input}
          type="file"
          name={props.name}
          accept={ACCEPTED_TYPES.join(',')}
          hidden
          aria-label={props.buttonLabel}
          onChange={(e) => void onFile(e.currentTarget.files?.[0])}
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() => input.current?.click()}
          loading={isUploading}
          loadingText="Envoi…"
        >
          <LuUpload /> {props.buttonLabel}
        </Button>
        <Text fontSize="xs" color="fg.muted">
          JPEG, PNG ou WebP, 5 Mo au plus.
        </Text>
        {error ? (
          <Text fontSize="sm" color="fg.error" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </HStack>
  );
}
