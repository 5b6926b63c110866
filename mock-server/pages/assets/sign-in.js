/* global window, document */
// Runs on the sign-in page: in a popup the token is handed to the opener instead of a redirect.
(function () {
  var flag = document.getElementById('popup-flag');
  if (flag && window.opener && window.opener !== window) flag.value = '1';
})();
