(function(){
  var rule=document.getElementById('filter-rule'),severity=document.getElementById('filter-severity'),
      file=document.getElementById('filter-file'),text=document.getElementById('filter-text'),
      count=document.getElementById('filter-count'),items=document.querySelectorAll('#finding-list > li');
  function apply(){
    var r=rule.value,s=severity.value,f=file.value,t=text.value.toLowerCase(),shown=0;
    for(var i=0;i<items.length;i++){
      var item=items[i],visible=(!r||item.dataset.rule===r)&&(!s||item.dataset.severity===s)&&(!f||item.dataset.file===f)&&(!t||item.textContent.toLowerCase().indexOf(t)>=0);
      item.hidden=!visible;if(visible)shown++;
    }
    count.textContent=shown+' of '+items.length+' shown';
  }
  var query=new URLSearchParams(location.search);
  [['rule',rule],['severity',severity],['file',file],['text',text]].forEach(function(p){if(query.has(p[0]))p[1].value=query.get(p[0])});
  [rule,severity,file].forEach(function(e){e.addEventListener('change',apply)});
  text.addEventListener('input',apply);
  document.addEventListener('keydown',function(e){if(e.key==='/'&&document.activeElement!==text){e.preventDefault();text.focus()}});
  apply();
})();
