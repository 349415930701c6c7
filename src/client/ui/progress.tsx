import { createContext, useContext, type ComponentProps } from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { progress } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(progress);
const PercentContext = createContext(0);

const StyledRoot = withProvider('div', 'root');
const StyledRange = withContext('div', 'range');

/** A determinate bar, 0 to 100; its name comes from `aria-label` (or the label beside it). */
function ProgressRoot({ value, ...props }: ComponentProps<typeof StyledRoot> & { value: number }) {
  const percent = Math.min(100, Math.max(0, value));
  return (
    <PercentContext.Provider value={percent}>
      <StyledRoot
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-max={100}
        data-value={percent}
        {...props}
      />
    </PercentContext.Provider>
  );
}

function ProgressRange(props: ComponentProps<typeof StyledRange>) {
  return <StyledRange {...props} style={{ width: `${useContext(PercentContext)}%` }} />;
}

/** Chakra's Progress without its state machine: `Progress.Root value`, then its track and range. */
export const Progress = {
  Root: ProgressRoot,
  Track: withContext('div', 'track'),
  Range: ProgressRange,
};
