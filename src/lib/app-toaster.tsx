import { Toaster } from 'react-hot-toast';
import { TOASTER_PROPS } from './toaster-props';
import { useToastLimit } from './use-toast-limit';

/** The toasts on screen (docs/product.md section 9): the lazy chunk ToasterSlot mounts. */
export default function AppToaster() {
  useToastLimit();
  return <Toaster {...TOASTER_PROPS} />;
}
