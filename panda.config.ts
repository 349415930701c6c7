import { defineConfig, type Config, type PatternConfig } from '@pandacss/dev';
import pandaBase from '@pandacss/preset-base';
import { themeConfig } from './src/client/theme-config';

/*
 * Panda builds, at build time, the CSS of the pages drawn with `@/client/ui` (issue 20: Chakra's
 * style runtime, Emotion and its recipes in every page's JavaScript, is what keeps the back office
 * above 200 KB). It reads the same theme Chakra runs on (src/client/theme-config.ts), so a page
 * looks the same drawn either way while the pages move over one by one.
 */
// Chakra's config types are its own; the shapes are Panda's (Chakra's style engine came from it).
type ChakraAsPanda = Required<Pick<Config, 'conditions' | 'utilities' | 'globalCss' | 'theme'>>;
const { conditions, utilities, globalCss, theme } = themeConfig as unknown as ChakraAsPanda;
// « switch » is a reserved word: Panda's module for the recipe could not be exported under it.
const { switch: switchRecipe, ...slotRecipes } = theme.slotRecipes ?? {};

type Style = Record<string, unknown>;
const isObject = (value: unknown): value is Style => typeof value === 'object' && value !== null;
// A condition (`_focusVisible`), a selector (`&:hover`, `& svg`) or a focus ring (its own condition).
const isConditional = (key: string) =>
  key.startsWith('_') || /[&:[\] ]/.test(key) || key === 'focusRing' || key === 'focusVisibleRing';

function mergeStyles(low: Style, high: Style): Style {
  const out: Style = { ...low };
  for (const [key, value] of Object.entries(high))
    out[key] = isObject(value) && isObject(out[key]) ? mergeStyles(out[key], value) : value;
  return out;
}

function conditionalPart(style: Style | undefined): Style {
  return Object.fromEntries(Object.entries(style ?? {}).filter(([key]) => isConditional(key)));
}

/*
 * A Chakra recipe as Panda must write it to draw as Chakra does. Panda writes a recipe's base
 * styles in a layer under its variants', where Chakra merges them into one rule: a variant's plain
 * border then beat the base's focus ring, a row's plain background the base's selected one. Each
 * visual variant (`variant`) carries the base's states again, under its own, so they keep winning.
 */
function asPandaRecipe<
  R extends { base?: Style; variants?: Record<string, Record<string, Style>>; className?: string },
>(inRecipe: R, slots?: string[]): R {
  // Chakra's elements carry their recipe's class name (`chakra-button`) beside Emotion's: Panda's
  // rules, under the same name, would style them too, on the pages still drawn with Chakra.
  const recipe = { ...inRecipe, className: inRecipe.className?.replace(/^chakra-/, 'ui-') };
  const visual = recipe.variants?.variant;
  if (!visual) return recipe;
  const withStates = (base: Style | undefined, style: Style) => mergeStyles(conditionalPart(base), style);
  const variant = Object.fromEntries(
    Object.entries(visual).map(([name, style]) => [
      name,
      slots
        ? Object.fromEntries(
            slots.map((slot) => [
              slot,
              withStates(recipe.base?.[slot] as Style, (style[slot] ?? {}) as Style),
            ]),
          )
        : withStates(recipe.base, style),
    ]),
  );
  return { ...recipe, variants: { ...recipe.variants, variant } };
}

const mapValues = <T, U>(record: Record<string, T>, fn: (value: T) => U) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));

/** Chakra's HStack or VStack: centred across unless `align` says otherwise. */
function alignedStack(jsxName: 'HStack' | 'VStack'): PatternConfig {
  return {
    jsxName,
    properties: {
      justify: { type: 'property', value: 'justifyContent' },
      align: { type: 'property', value: 'alignItems' },
      gap: { type: 'property', value: 'gap' },
      direction: { type: 'property', value: 'flexDirection' },
    },
    // The direction travels as a default: Panda writes the transform's own source into the
    // generated pattern, so it can close over nothing.
    defaultValues: { gap: '8px', direction: jsxName === 'HStack' ? 'row' : 'column' },
    transform(props) {
      const { justify, align, gap, direction, ...rest } = props;
      return {
        display: 'flex',
        alignItems: align ?? 'center',
        justifyContent: justify,
        gap,
        flexDirection: direction,
        ...rest,
      };
    },
  };
}

/** Chakra's SimpleGrid: `columns` equal columns; no gap unless given (Panda's Grid has one). */
const simpleGrid: PatternConfig = {
  jsxName: 'SimpleGrid',
  properties: {
    columns: { type: 'number' },
    gap: { type: 'property', value: 'gap' },
  },
  transform(props, { map }) {
    const { columns, ...rest } = props;
    return {
      display: 'grid',
      gridTemplateColumns:
        columns != null ? map(columns, (v: unknown) => `repeat(${String(v)}, minmax(0, 1fr))`) : undefined,
      ...rest,
    };
  },
};

export default defineConfig({
  preflight: true,
  // Chakra's dark shadows name « {black/64} », which Panda's check reports on every build though it
  // writes them right (the app has no dark mode).
  validation: 'none',
  jsxFramework: 'react',
  outdir: 'styled-system',
  // The files drawn with `@/client/ui` (and only they: Chakra's props elsewhere would be written too).
  include: [
    './src/client/ui/**/*.{ts,tsx}',
    './src/pages/404.tsx',
    './src/client/brand/Logo.tsx',
    './src/client/shell/{AppShell,Header,Sidebar,ShellBanners,toaster-view}.tsx',
    './src/client/components/{CsvExportMenu,SectionCard,ImagePicker,LinkTabs,QueryTabs,RichTextEditor,SeoFields,EmptyListState,FilterSelect,FilterSheet,form,FormErrorAlert,PagedRows,ResponsiveList,SandboxCheckout}.tsx',
    './src/features/home/client/**/*.tsx',
    './src/features/agent/client/screens/{AccountSettingsScreen,ConfirmInformationsScreen}.tsx',
    './src/features/agent/client/components/{ProfileCard,TeamCard}.tsx',
    './src/features/auth/client/components/SignOutEverywhereCard.tsx',
    './src/features/shop/client/components/ShopSettingsCard.tsx',
    './src/features/order/client/screens/{OrdersScreen,TestPaymentScreen}.tsx',
    './src/features/order/client/components/{DrillDownChips,NoOrdersYet,OrderBadges,OrderBulkBar,OrderFilters,OrderRows}.tsx',
    './src/features/notification/client/NotificationBell.tsx',
    './src/features/product/client/screens/ProductsScreen.tsx',
    './src/features/product/client/components/{BulkBar,NoProductsYet,ProductFilters,ProductRows}.tsx',
    './src/features/subscription/client/**/*.tsx',
    // Still on Chakra, but drawing the kit's tables, or handing style props to the lists' cards and
    // empty states drawn with it.
    './src/features/channel/client/components/ChannelCards.tsx',
    './src/features/channel/client/screens/ChannelsScreen.tsx',
    './src/features/console/client/components/{JobsPanel,ShopRows}.tsx',
    './src/features/console/client/screens/ConsoleScreen.tsx',
    './src/features/crm/client/components/CampaignsTab.tsx',
    './src/features/crm/client/components/CrmMessages.tsx',
    './src/features/crm/client/components/SegmentEditor.tsx',
    './src/features/crm/client/components/SegmentsTab.tsx',
    './src/features/crm/client/screens/CrmScreen.tsx',
    './src/features/customer/client/components/{ClientBulkBar,ClientFilters}.tsx',
    './src/features/customer/client/components/ClientRows.tsx',
    './src/features/customer/client/screens/{ClientScreen,ClientStatementScreen}.tsx',
    './src/features/customer/client/components/{ClientActions,ClientTimeline,FoundClientButton}.tsx',
    './src/features/loyalty/client/components/ClientLoyaltyCard.tsx',
    './src/features/customer/client/screens/ClientsScreen.tsx',
    './src/features/customer/client/screens/ImportClientsScreen.tsx',
    './src/features/delivery/client/components/{Board,FeeChecker,OrderRider,RiderSelect,TrackingShare,ZoneCard}.tsx',
    './src/features/channel/client/components/OrderWhatsappMessages.tsx',
    './src/features/delivery/client/components/FiguresTab.tsx',
    './src/features/delivery/client/components/PickupPoints.tsx',
    './src/features/delivery/client/components/RiderCashTab.tsx',
    './src/features/delivery/client/components/Riders.tsx',
    './src/features/delivery/client/screens/{DeliveryScreen,RunSheetScreen}.tsx',
    './src/features/discount/client/components/{CatalogueSetPicker,ClientsChooser,DiscountCodesCard,DiscountFormSections,DiscountRows,StackingRulesCard}.tsx',
    './src/features/discount/client/screens/DiscountEditorScreen.tsx',
    './src/features/discount/client/screens/DiscountsScreen.tsx',
    './src/features/order/client/components/{ClientPicker,DiscountCodesField,OrderDraftFields,OrderLinesEditor,OrderTimeline,PaymentDialog,ProductPicker,RefundDialog,WhyPriceButton}.tsx',
    './src/features/order/client/screens/OrderEditorScreen.tsx',
    './src/features/order/client/screens/OrderDetailScreen.tsx',
    './src/features/order/client/screens/OrderPrintScreen.tsx',
    './src/features/product/client/components/ImportPreview.tsx',
    './src/features/product/client/components/{OptionsAndVariants,OptionsEditor,ProductDetailsFields,ProductImages,StockHistoryCard,VariantsTable}.tsx',
    './src/features/product/client/screens/ProductEditorScreen.tsx',
    './src/client/forms/fields.tsx',
    './src/features/product/client/screens/InventoryScreen.tsx',
    './src/features/product/client/screens/LabelsScreen.tsx',
    './src/features/stats/client/components/{BreakdownReport,Change,OverviewReport,PeriodBar}.tsx',
    './src/features/stats/client/screens/StatsScreen.tsx',
    './src/features/storefront/client/components/AbandonedCarts.tsx',
    './src/features/storefront/client/screens/WebsiteScreen.tsx',
    './src/features/storefront/client/components/DomainCheck.tsx',
    // The till's first view (the dialogs and other screens it opens are still on Chakra).
    './src/features/pos/client/till/{touch-targets.ts,LazyBoundary.tsx}',
    './src/features/pos/client/screens/{PosScreen,TillApp,SellScreen}.tsx',
    './src/features/pos/client/components/{TillHeader,SyncBadge,ConflictsBadge,SessionGate,MoneyInput,ProductPanel,ProductGrid,CartPanel,CartLineRow,PromoCodes}.tsx',
  ],
  // Chakra's theme is the whole preset: Panda's own tokens and utilities stay out.
  presets: [],
  // Stack, HStack, Flex, Grid… as Panda writes them (Chakra's come from its React components), and
  // HStack and VStack taking `align` as Chakra's do.
  patterns: {
    ...pandaBase.patterns,
    hstack: alignedStack('HStack'),
    vstack: alignedStack('VStack'),
    simpleGrid,
  },
  // What the source names only through a value computed at run time: a banner's or a role's colour
  // (shared/banners.ts, shared/roles.ts, an order status's), a banner's status, whether a skeleton is
  // loading.
  staticCss: {
    css: [
      {
        properties: {
          colorPalette: [
            'gray',
            'red',
            'orange',
            'yellow',
            'green',
            'teal',
            'blue',
            'cyan',
            'purple',
            'pink',
            'brand',
          ],
        },
      },
    ],
    recipes: { alert: [{ status: ['*'] }], skeleton: [{ loading: ['true', 'false'] }] },
  },
  conditions,
  utilities,
  globalCss,
  theme: {
    ...theme,
    // Panda writes a recipe's variants for the tags named as the recipe: IconButton and CloseButton
    // are buttons too, and the inputs tied to a Field inputs and textareas.
    recipes: {
      ...(mapValues(theme.recipes ?? {}, (recipe) => asPandaRecipe(recipe as never)) as typeof theme.recipes),
      button: {
        ...(asPandaRecipe(theme.recipes!.button! as never) as object),
        jsx: ['Button', 'IconButton', 'CloseButton'],
      } as NonNullable<typeof theme.recipes>['button'],
      input: {
        ...(asPandaRecipe(theme.recipes!.input! as never) as object),
        jsx: ['Input', 'FieldTextInput'],
      } as NonNullable<typeof theme.recipes>['input'],
      textarea: {
        ...(asPandaRecipe(theme.recipes!.textarea! as never) as object),
        jsx: ['Textarea', 'FieldTextarea'],
      } as NonNullable<typeof theme.recipes>['textarea'],
    },
    slotRecipes: {
      ...(mapValues(slotRecipes, (recipe) =>
        asPandaRecipe(recipe as never, (recipe as { slots: string[] }).slots),
      ) as typeof slotRecipes),
      switchControl: {
        ...(asPandaRecipe(switchRecipe as never, (switchRecipe as { slots: string[] }).slots) as object),
        jsx: ['Switch.Root'],
      } as NonNullable<typeof switchRecipe>,
    },
  },
});
