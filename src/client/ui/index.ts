export { Badge, type BadgeProps, type BadgeVariant } from './badge';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, type CardAccent } from './card';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  DrawerContent,
} from './dialog';
export { Input } from './input';
export { Label } from './label';
export { PageHeader, type PageHeaderProps } from './page-header';
export { PixelSelect, type PixelSelectOption, type PixelSelectProps } from './pixel-select';
export { PixelSprite, type PixelSpriteProps } from './pixel-sprite';
export { Progress, type ProgressColor, type ProgressProps } from './progress';
export { Spinner, type SpinnerProps } from './spinner';
export { StatTile, type StatTileProps } from './stat-tile';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
export { TextArea } from './text-area';
export { Toaster, dismissToast, toast, type ToastOptions, type ToastVariant } from './toast';
export { useToastsAtTop } from './toast-placement';
export { Tooltip, TooltipProvider, type TooltipProps } from './tooltip';
