import { createContext, useContext, type ComponentProps } from 'react';
import { RiCheckboxCircleLine, RiErrorWarningLine, RiInformationLine } from 'react-icons/ri';
import { createStyleContext } from '../../../styled-system/jsx';
import { alert } from '../../../styled-system/recipes';

type Status = 'info' | 'warning' | 'success' | 'error' | 'neutral';

const { withProvider, withContext } = createStyleContext(alert);
const StatusContext = createContext<Status>('info');

// Chakra's own icons for each status (the same Remix Icon glyphs).
const ICONS = {
  info: RiInformationLine,
  neutral: RiInformationLine,
  warning: RiErrorWarningLine,
  error: RiErrorWarningLine,
  success: RiCheckboxCircleLine,
};

const StyledRoot = withProvider('div', 'root');
const StyledIndicator = withContext('span', 'indicator');

function AlertRoot(props: ComponentProps<typeof StyledRoot>) {
  return (
    <StatusContext.Provider value={(props.status as Status | undefined) ?? 'info'}>
      <StyledRoot {...props} />
    </StatusContext.Provider>
  );
}

/** The status's icon, unless children say otherwise. */
function AlertIndicator({ children, ...props }: ComponentProps<typeof StyledIndicator>) {
  const Icon = ICONS[useContext(StatusContext)];
  return <StyledIndicator {...props}>{children ?? <Icon />}</StyledIndicator>;
}

/** Chakra's Alert: `Alert.Root` (its `status`, `variant`, `size`), the indicator, title, description. */
export const Alert = {
  Root: AlertRoot,
  Indicator: AlertIndicator,
  Content: withContext('div', 'content'),
  Title: withContext('div', 'title'),
  Description: withContext('div', 'description'),
};
