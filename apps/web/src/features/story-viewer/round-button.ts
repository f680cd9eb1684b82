/** The viewer's round icon buttons: a white focus ring over any photo, a press that gives. */
export const roundButton =
  'inline-flex items-center justify-center rounded-full transition-[background-color,transform,opacity] duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white active:scale-95 motion-reduce:transition-none motion-reduce:active:scale-100 [&_svg]:pointer-events-none';
