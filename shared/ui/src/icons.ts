/** The icons the product uses, one by one, so the build keeps only these few. */
export {
  ArrowClockwiseRegular,
  ChevronDownRegular,
  ChevronRightRegular,
  DismissRegular,
  ErrorCircleRegular,
  NavigationRegular,
  PersonRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
