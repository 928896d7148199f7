/** The icons the product uses, one by one, so the build keeps only these few. */
export { ErrorCircleRegular, SignOutRegular } from '@fluentui/react-icons';
