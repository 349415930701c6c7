import { Menu, Portal } from '@chakra-ui/react';
import { Fragment } from 'react';
import { inChakraIsland } from '@/client/shell/chakra-island';
import type { DeferredPopupProps } from './DeferredPopup';
import type { MenuChoiceGroup } from './DeferredMenu';

/** DeferredMenu's menu, loaded on first use (see DeferredPopup). */
function MenuPopupView({
  open,
  onOpenChange,
  ids,
  groups,
}: DeferredPopupProps & { groups: MenuChoiceGroup[] }) {
  return (
    <Menu.Root lazyMount ids={ids} open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {groups.map((group, index) => {
              const choices = group.choices.map((choice) => (
                <Menu.Item
                  key={choice.value}
                  value={choice.value}
                  color={choice.isDanger ? 'fg.error' : undefined}
                  onSelect={choice.onSelect}
                >
                  {choice.label}
                </Menu.Item>
              ));
              return (
                <Fragment key={group.label ?? index}>
                  {index > 0 ? <Menu.Separator /> : null}
                  {group.label ? (
                    <Menu.ItemGroup aria-label={group.label}>
                      <Menu.ItemGroupLabel>{group.label}</Menu.ItemGroupLabel>
                      {choices}
                    </Menu.ItemGroup>
                  ) : (
                    choices
                  )}
                </Fragment>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export const MenuPopup = inChakraIsland(MenuPopupView);
