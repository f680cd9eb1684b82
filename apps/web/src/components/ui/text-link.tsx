import { Link } from 'react-router';

import { withClasses } from './with-classes';

/** An inline link in the brand colour. */
export const { TextLink } = withClasses({
  TextLink: [Link, 'rounded-sm font-semibold text-primary underline-offset-4 hover:underline'],
});
