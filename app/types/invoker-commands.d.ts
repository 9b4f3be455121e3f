import "react";

/**
 * Invoker commands (`commandfor`, `command`): a button opens or closes a `<dialog>` without script.
 * React passes lower-case attributes through unchanged; its types do not know these two yet.
 */
declare module "react" {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
  }
  interface DialogHTMLAttributes<T> extends HTMLAttributes<T> {
    closedby?: "any" | "closerequest" | "none";
  }
}
