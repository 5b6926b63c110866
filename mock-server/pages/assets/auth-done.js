/* global window, document */
// The token goes only to the redirect_uri's origin (checked by the server); without an opener we redirect.
(function () {
  var data = document.getElementById('auth-result');
  if (!data) return;
  var token = data.getAttribute('data-token');
  var targetOrigin = data.getAttribute('data-target-origin');
  var state = data.getAttribute('data-state') || undefined;
  if (window.opener && window.opener !== window && targetOrigin) {
    window.opener.postMessage(
      { type: 'auth-success', access_token: token, state: state },
      targetOrigin,
    );
    window.close();
    return;
  }
  window.location.replace(data.getAttribute('data-redirect'));
})();
