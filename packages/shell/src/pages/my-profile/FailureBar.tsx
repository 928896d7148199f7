import { MessageBar, MessageBarBody, MessageBarTitle } from '@hcm/ui';

/** The one alert of a form whose call failed without naming a field. */
export function FailureBar({ title, message }: { title: string; message: string }) {
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {message}
      </MessageBarBody>
    </MessageBar>
  );
}
