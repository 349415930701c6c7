import { Alert, Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import { frenchTypography as fr } from '@/shared/typography';
import { useEffect, useRef, useState } from 'react';
import { TillDialog } from '../components/TillDialog';

/** How long a code must be out of sight before it counts again (another article with the same code). */
const SAME_CODE_PAUSE_MS = 1500;

interface Stopper {
  stop: () => void;
}

interface NativeDetector {
  detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string }>>;
}

/** Chromium on Android tablets reads barcodes itself; elsewhere ZXing (loaded only now) does. */
async function startScanning(video: HTMLVideoElement, onCode: (code: string) => void): Promise<Stopper> {
  const Native = (window as unknown as { BarcodeDetector?: new () => NativeDetector }).BarcodeDetector;
  if (Native) {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    video.srcObject = stream;
    await video.play();
    const detector = new Native();
    let isRunning = true;
    const tick = async () => {
      if (!isRunning) return;
      try {
        const codes = await detector.detect(video);
        if (codes[0]) onCode(codes[0].rawValue);
      } catch {
        // A frame the detector could not read: try the next one.
      }
      if (isRunning) setTimeout(() => void tick(), 150);
    };
    void tick();
    return {
      stop: () => {
        isRunning = false;
        stream.getTracks().forEach((t) => t.stop());
      },
    };
  }
  const { BrowserMultiFormatReader } = await import('@zxing/browser');
  const reader = new BrowserMultiFormatReader();
  return reader.decodeFromConstraints({ video: { facingMode: 'environment' } }, video, (result) => {
    if (result) onCode(result.getText());
  });
}

/** Scanning with the tablet's camera: each code read adds its variant, until « Terminer ». */
export function CameraScanDialog(props: {
  isOpen: boolean;
  onClose: () => void;
  onScan: (code: string) => void;
}) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const onScan = useRef(props.onScan);
  const [error, setError] = useState<string | null>(null);
  const [lastCode, setLastCode] = useState<string | null>(null);

  useEffect(() => {
    onScan.current = props.onScan;
  }, [props.onScan]);

  useEffect(() => {
    if (!props.isOpen) return;
    let stopper: Stopper | null = null;
    let isCancelled = false;
    let last = { code: '', at: 0 };
    const timer = setTimeout(() => {
      const video = videoRef.current;
      if (!video) return;
      if (!navigator.mediaDevices?.getUserMedia) {
        setError('Cet appareil ne donne pas accès à sa caméra depuis le navigateur.');
        return;
      }
      startScanning(video, (code) => {
        const now = Date.now();
        const isStillInView = code === last.code && now - last.at < SAME_CODE_PAUSE_MS;
        // Every read restarts the pause, not only the one that counted: a code held in front of
        // the camera (read every 0.5 s by ZXing) was added again every 1.5 s (the e2e caught it).
        last = { code, at: now };
        if (isStillInView) return;
        setLastCode(code);
        onScan.current(code);
      })
        .then((s) => {
          if (isCancelled) s.stop();
          else stopper = s;
        })
        .catch(() => setError('La caméra n’a pas pu démarrer. Autorisez son accès dans le navigateur.'));
    }, 50);
    return () => {
      isCancelled = true;
      clearTimeout(timer);
      stopper?.stop();
    };
  }, [props.isOpen]);

  return (
    <TillDialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title="Scanner avec la caméra"
      footer={
        <Button colorPalette="brand" onClick={props.onClose}>
          Terminer
        </Button>
      }
    >
      <Stack gap="3">
        {error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Box bg="black" rounded="md" overflow="hidden" aspectRatio={4 / 3}>
          <chakra.video ref={videoRef} w="full" h="full" objectFit="cover" muted playsInline />
        </Box>
        <Text fontSize="sm" color="fg.muted">
          {lastCode ? fr(`Dernier code lu : ${lastCode}`) : 'Placez le code-barres dans le cadre.'}
        </Text>
      </Stack>
    </TillDialog>
  );
}
