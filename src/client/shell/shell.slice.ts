import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** App-shell state that is not server data. Only the sidebar choice is persisted (by Sidebar). */
interface ShellState {
  isSidebarCollapsed: boolean;
  /** SPEC §2: a main-menu-collapsed flag exists and is deliberately not persisted. */
  isMainMenuCollapsed: boolean;
  isMobileMenuOpen: boolean;
}

const initialState: ShellState = {
  isSidebarCollapsed: false,
  isMainMenuCollapsed: false,
  isMobileMenuOpen: false,
};

export const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {
    sidebarCollapsedRestored: (state, action: PayloadAction<boolean>) => {
      state.isSidebarCollapsed = action.payload;
    },
    sidebarToggled: (state) => {
      state.isSidebarCollapsed = !state.isSidebarCollapsed;
    },
    mainMenuToggled: (state) => {
      state.isMainMenuCollapsed = !state.isMainMenuCollapsed;
    },
    mobileMenuOpened: (state) => {
      state.isMobileMenuOpen = true;
    },
    mobileMenuClosed: (state) => {
      state.isMobileMenuOpen = false;
    },
  },
});

export const {
  sidebarCollapsedRestored,
  sidebarToggled,
  mainMenuToggled,
  mobileMenuOpened,
  mobileMenuClosed,
} = shellSlice.actions;
