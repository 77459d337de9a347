"""Recording a game at the table, deal by deal: the short form, the recorder, the file it keeps."""
