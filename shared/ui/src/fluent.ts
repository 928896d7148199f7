/**
 * The Fluent UI v9 pieces the product uses, re-exported one by one. This list is the whole of
 * Fluent the browser downloads (the build tree-shakes everything else), so it grows only when a
 * screen needs something: never `export *` here.
 */
export {
  // providers and theme
  FluentProvider,
  IdPrefixProvider,
  // custom elements in a shadow root (@hcm/widgets' standalone bundle): styles and portals inside it
  PortalMountNodeProvider,
  RendererProvider,
  webLightTheme,
  // styling
  makeStyles,
  mergeClasses,
  shorthands,
  tokens,
  // typography
  Body1,
  Caption1,
  Subtitle1,
  Subtitle2,
  Text,
  Title1,
  Title2,
  Title3,
  // forms
  Button,
  Checkbox,
  Combobox,
  Dropdown,
  Field,
  Input,
  Link,
  Option,
  // surfaces and feedback
  Avatar,
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
  Spinner,
  // menus
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  // the notification bell's panel
  Popover,
  PopoverSurface,
  PopoverTrigger,
} from '@fluentui/react-components';

export type {
  ButtonProps,
  CheckboxOnChangeData,
  DropdownProps,
  FieldProps,
  InputOnChangeData,
  InputProps,
  OptionOnSelectData,
  SelectionEvents,
  Theme,
} from '@fluentui/react-components';
