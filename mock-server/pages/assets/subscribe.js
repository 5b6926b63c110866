/* global window, document, URL */
// Choosing a plan hands the checkout URL to the app (its opener, or its parent when framed); the app opens it.
(function () {
  // The tokens that signed this page in (`pawloween plan --open`, the app's pricing link) leave the
  // address at once, so browser history, bookmarks and a shared screen never keep them: the page
  // has already been rendered for the signed-in user and needs them no more.
  var address = new URL(window.location.href);
  var secret = ['access_token', 'user_token'].filter(function (name) {
    return address.searchParams.has(name);
  });
  if (secret.length > 0) {
    secret.forEach(function (name) {
      address.searchParams.delete(name);
    });
    window.history.replaceState(
      window.history.state,
      '',
      address.pathname + address.search + address.hash,
    );
  }
  var plans = document.getElementById('plans');
  if (!plans) return;
  var targetOrigin = plans.getAttribute('data-target-origin');
  var framed = window.parent && window.parent !== window;
  var app =
    window.opener && window.opener !== window ? window.opener : framed ? window.parent : null;
  plans.addEventListener('click', function (event) {
    var button = event.target.closest('.choose-plan');
    if (!button) return;
    var url = button.getAttribute('data-checkout-url');
    if (app && targetOrigin) app.postMessage({ type: 'checkout-redirect', url: url }, targetOrigin);
    else window.location.assign(url);
  });
})();
