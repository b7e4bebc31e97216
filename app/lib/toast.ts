/**
 * One toast at a time: a new toast replaces the one showing.
 * A tiny store so any component, hook or event handler can raise a toast.
 */
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** A link the toast offers ("View post"), an address in the app. */
  action?: { label: string; to: string };
};
export type ShownToast = ToastMessage & { id: number };

let current: ShownToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

export function toast(message: ToastMessage) {
  current = { ...message, id: nextId++ };
  listeners.forEach((l) => l());
}

export function dismissToast() {
  current = null;
  listeners.forEach((l) => l());
}

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => current,
  serverSnapshot: () => null,
};

/** A failure: red, titled "Error" unless a title says more. */
export const toastError = (description: string, title = "Error") =>
  toast({ title, description, variant: "destructive" });
