// For component tests: jsdom has no modal dialogs, so opening and closing set the attribute,
// as a browser does. Imported for this effect.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};
